import type { TransactionContext } from '@mirrorline/shared';

export interface MfaRecord {
  userId: string;
  secretEnc: string | null;
  pendingSecretEnc: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

export interface MfaChallengeRecord {
  id: string;
  userId: string;
  expiresAt: Date;
  spentAt: Date | null;
}

/** Port: TOTP secrets (sealed), recovery codes (hashed) and the login challenges (hashed). */
export abstract class MfaStore {
  /** Row-locked: every code check of a user is serialised, so a code cannot be used twice in parallel. */
  abstract findForUpdate(tx: TransactionContext, userId: string): Promise<MfaRecord | null>;
  abstract find(tx: TransactionContext, userId: string): Promise<MfaRecord | null>;
  abstract setPending(tx: TransactionContext, userId: string, pendingSecretEnc: string): Promise<void>;
  abstract enable(tx: TransactionContext, userId: string, secretEnc: string, at: Date, lastStep: number): Promise<void>;
  abstract setLastStep(tx: TransactionContext, userId: string, step: number): Promise<void>;
  abstract disable(tx: TransactionContext, userId: string): Promise<void>;
  abstract replaceRecoveryCodes(tx: TransactionContext, userId: string, hashes: string[]): Promise<void>;
  /** Marks the unused code with this hash used; false when there is none. */
  abstract useRecoveryCode(tx: TransactionContext, userId: string, hash: string, at: Date): Promise<boolean>;
  abstract recoveryCodesLeft(tx: TransactionContext, userId: string): Promise<number>;
  abstract insertChallenge(tx: TransactionContext, challenge: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void>;
  abstract findChallengeForUpdate(tx: TransactionContext, tokenHash: string): Promise<MfaChallengeRecord | null>;
  abstract spendChallenge(tx: TransactionContext, id: string, at: Date): Promise<void>;
}
