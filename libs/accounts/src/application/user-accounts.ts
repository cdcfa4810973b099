import type { TransactionContext } from '@mirrorline/shared';
import type { KycStatus, Role } from '../domain/roles';

export interface AccountRecord {
  id: string;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  passwordHash: string;
  roles: Role[];
  emailVerified: boolean;
  kycStatus: KycStatus;
  blocked: boolean;
}

/** A user as sign-up (and the admin shell) creates one. */
export type NewAccount = Omit<AccountRecord, 'id' | 'blocked'>;

/** The auth context's view of `users` (deleted users are invisible here), bound by AccountsModule. */
export abstract class UserAccounts {
  abstract findByEmail(tx: TransactionContext, email: string): Promise<AccountRecord | null>;
  abstract findById(tx: TransactionContext, id: string): Promise<AccountRecord | null>;
  abstract emailExists(tx: TransactionContext, email: string): Promise<boolean>;
  abstract usernameExists(tx: TransactionContext, username: string): Promise<boolean>;
  abstract create(tx: TransactionContext, account: NewAccount): Promise<string>;
  abstract markEmailVerified(tx: TransactionContext, id: string): Promise<void>;
  abstract setPasswordHash(tx: TransactionContext, id: string, passwordHash: string): Promise<void>;
  /** Access tokens issued before `at` stop working. */
  abstract invalidateTokensBefore(tx: TransactionContext, id: string, at: Date): Promise<void>;
  abstract adminExists(tx: TransactionContext): Promise<boolean>;
}
