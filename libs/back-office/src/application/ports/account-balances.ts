import type { TransactionContext } from '@mirrorline/shared';
import type { Balances } from '@mirrorline/accounts';

/** Read side of the ledger for the back office: balances of many users at once (lists, profiles). */
export abstract class AccountBalances {
  abstract of(tx: TransactionContext | null, userIds: string[]): Promise<Map<string, Balances>>;
  /**
   * The user's balances with every ledger account of the user locked until the transaction ends, so
   * no posting (deposit approval, copy settlement, …) can land between this read and the caller's decision.
   */
  abstract lockedOf(tx: TransactionContext, userId: string): Promise<Balances>;
  /** Deposits and withdrawals of the user still waiting for an admin decision. */
  abstract pendingRequestsOf(tx: TransactionContext, userId: string): Promise<number>;
}
