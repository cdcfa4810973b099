import type { TransactionContext } from '@mirrorline/shared';

/** Where a session was opened from (as the server saw it; the user agent is the client's claim). */
export interface DeviceInfo {
  userAgent?: string;
  ip?: string;
}

export interface SessionRecord {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** Port: the sessions (one per refresh-token family) of product.md §10, with their device. */
export abstract class AuthSessions {
  /** A new session row (sign-in), or its last use moved forward (rotation; a row is made for older families). */
  abstract touch(tx: TransactionContext, s: { id: string; userId: string; at: Date; device?: DeviceInfo }): Promise<void>;
  abstract listActive(tx: TransactionContext, userId: string, since: Date): Promise<SessionRecord[]>;
  abstract isActiveOfUser(tx: TransactionContext, userId: string, id: string): Promise<boolean>;
  /** Has the user signed in before, and ever from this user agent? (new-device notice) */
  abstract deviceHistory(tx: TransactionContext, userId: string, userAgent: string | undefined): Promise<{ any: boolean; known: boolean }>;
}
