import type { TransactionContext } from '@mirrorline/shared';

/** Adjusts a user's cash as a ledger adjustment (the wallet context does the posting). */
export abstract class BalanceAdjuster {
  /** Adds a signed amount (cents, ≠ 0) to the user's cash as a ledger adjustment; never below zero. */
  abstract addCash(
    tx: TransactionContext,
    command: { userId: string; amount: number; actorId: string; reason: string; operationRef?: string },
  ): Promise<{ before: number; after: number; ledgerTransactionId: string | null }>;
}
