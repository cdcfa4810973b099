import type { TransactionContext } from '@mirrorline/shared';

/** Port: single-use reset tokens (stored by sha256). */
export abstract class PasswordResetTokens {
  abstract insert(tx: TransactionContext, token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void>;
  /** Marks the token used and returns its user, or null when unknown, used or expired (atomic). */
  abstract consume(tx: TransactionContext, tokenHash: string, now: Date): Promise<string | null>;
}
