import type { TransactionContext } from '@mirrorline/shared';

export interface ApiTokenRecord {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Port: personal API tokens, stored by sha256 only. */
export abstract class ApiTokenStore {
  abstract listLive(tx: TransactionContext, userId: string): Promise<ApiTokenRecord[]>;
  abstract countLive(tx: TransactionContext, userId: string): Promise<number>;
  abstract insert(tx: TransactionContext, t: { userId: string; name: string; scopes: string[]; tokenHash: string; prefix: string; createdAt: Date }): Promise<string>;
  /** false when the user has no such live token */
  abstract revoke(tx: TransactionContext, userId: string, id: string, at: Date): Promise<boolean>;
  /** Revokes every live token of the user (password change or reset); returns how many there were. */
  abstract revokeAllOfUser(tx: TransactionContext, userId: string, at: Date): Promise<number>;
}
