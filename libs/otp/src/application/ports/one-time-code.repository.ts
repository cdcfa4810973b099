import type { TransactionContext } from '@mirrorline/shared';
import type { OneTimeCodeState, OtpPurpose } from '../../domain/one-time-code';

/** Port over stored codes. Every method runs inside the caller's transaction. */
export abstract class OneTimeCodeRepository {
  /**
   * Serialises code issuing for this user and purpose until the transaction ends. Taken before the
   * send limit is counted: otherwise parallel requests all count the same rows and all issue a code.
   */
  abstract lockIssuing(tx: TransactionContext, userId: string, purpose: OtpPurpose): Promise<void>;
  /** Retires the live code of this user and purpose (if any) and stores the new one. The caller holds lockIssuing. */
  abstract replaceLive(
    tx: TransactionContext,
    code: { userId: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date; createdAt: Date },
  ): Promise<void>;
  /** The live (unconsumed) code, row-locked until the transaction ends. */
  abstract findLiveForUpdate(tx: TransactionContext, userId: string, purpose: OtpPurpose): Promise<OneTimeCodeState | null>;
  abstract countIssuedSince(tx: TransactionContext, userId: string, purpose: OtpPurpose, since: Date): Promise<number>;
  abstract update(tx: TransactionContext, id: string, next: Pick<OneTimeCodeState, 'attempts' | 'consumedAt'>): Promise<void>;
}

/** The server-side key of code hashes (derived from configuration). */
export abstract class OtpPepper {
  abstract readonly value: string;
}
