import type { TransactionContext } from '@mirrorline/shared';
import type { RefreshTokenRecord } from '../../domain/refresh-token';

/** Port: refresh tokens, stored by sha256 only. */
export abstract class RefreshTokenStore {
  abstract insert(
    tx: TransactionContext,
    token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
  ): Promise<void>;
  /** Row-locked so that two refreshes with the same token cannot both rotate it. */
  abstract findByHashForUpdate(tx: TransactionContext, tokenHash: string): Promise<RefreshTokenRecord | null>;
  abstract markRotated(tx: TransactionContext, id: string, at: Date): Promise<void>;
  abstract revokeFamily(tx: TransactionContext, familyId: string, at: Date): Promise<void>;
  /** Revokes every live token of the user, except those of `keepFamilyId`. */
  abstract revokeAllOfUser(tx: TransactionContext, userId: string, at: Date, keepFamilyId?: string): Promise<void>;
}
