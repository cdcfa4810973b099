import type { Page, PageQuery, TransactionContext } from '@mirrorline/shared';
import type { KycStatus, Role } from '../domain/roles';
import type { NewAccount } from './user-accounts';
import type { UserAccount } from '../domain/user-account';

/** A user as the back office creates one: KYC status as the table's default unless given. */
export type NewUser = Omit<NewAccount, 'kycStatus'> & { kycStatus?: KycStatus };

export interface UserSearch extends PageQuery {
  /** matched against username and email, case-insensitive */
  search?: string;
}

/** Persistence of `users`. `tx: null` reads outside any transaction. Deleted users are never listed. */
export abstract class UserRepository {
  abstract findById(tx: TransactionContext | null, id: string): Promise<UserAccount | null>;
  /** Locks the row (FOR UPDATE) so that concurrent admin actions on one user serialise. Null when missing or deleted. */
  abstract lockById(tx: TransactionContext, id: string): Promise<UserAccount | null>;
  abstract passwordHashOf(tx: TransactionContext | null, id: string): Promise<string | null>;
  abstract findByEmailWithHash(email: string): Promise<{ user: UserAccount; passwordHash: string } | null>;
  abstract list(query: UserSearch): Promise<Page<UserAccount>>;
  /** Throws DomainError USERS.EMAIL_TAKEN / USERS.USERNAME_TAKEN (409) on a duplicate. */
  abstract create(tx: TransactionContext, user: NewUser): Promise<UserAccount>;
  abstract setBlocked(tx: TransactionContext, id: string, blocked: boolean): Promise<void>;
  abstract setRoles(tx: TransactionContext, id: string, roles: Role[]): Promise<void>;
  abstract anonymise(
    tx: TransactionContext,
    id: string,
    identity: { email: string; username: string; firstname: string; lastname: string },
    passwordHash: string,
    deletedAt: Date,
  ): Promise<void>;
}
