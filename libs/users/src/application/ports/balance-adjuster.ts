import type { TransactionContext } from '@mirrorline/shared';

/** Sets a user's cash to a target as a ledger adjustment (the wallet context does the posting). */
export abstract class BalanceAdjuster {
  abstract setCash(
    tx: TransactionContext,
    command: { userId: string; targetCash: number; actorId: string },
  ): Promise<{ before: number; after: number; ledgerTransactionId: string | null }>;
}
