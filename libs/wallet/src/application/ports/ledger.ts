import type { Cents, StoredCents, TransactionContext } from '@mirrorline/shared';

export type UserAccountKind = 'cash' | 'held';
export type PlatformAccountKind = 'platform_deposits' | 'platform_withdrawals' | 'platform_market' | 'platform_adjustments';

export interface LedgerEntry {
  /** ledger_accounts.id (bigint, as a string) */
  accountId: string;
  /** signed cents; the entries of one posting sum to zero */
  amount: Cents;
}

export interface LedgerPosting {
  type: string;
  /**
   * The business fact this posting records (wallet transaction id, `trade:<id>`, `copy:<id>:<request>`, …): unique
   * per type (a UNIQUE index), so the same fact can never be posted twice (product.md §11.2, docs/ledger.md).
   */
  reference: string;
  description?: string;
  entries: LedgerEntry[];
}

/** For display: numbers while safe, bigints past 2^53 (a stored value is never an error to read). */
export interface UserBalances {
  /** free cash */
  cash: StoredCents;
  /** withdrawals awaiting approval */
  held: StoredCents;
  /** Σ copy equity accounts (the API's tradingBalance) */
  copyEquity: StoredCents;
}

/**
 * Port over the double-entry ledger (docs/ledger.md). Every method runs inside the caller's
 * transaction so that a use case can move money and change its own records atomically.
 * `post` writes one balanced transaction in one statement and throws
 * DomainError('WALLET.INSUFFICIENT_FUNDS', …, 'conflict') when a user account would go negative.
 */
export abstract class Ledger {
  abstract userAccount(tx: TransactionContext, userId: string, kind: UserAccountKind): Promise<string>;
  abstract copyEquityAccount(tx: TransactionContext, userId: string, copyId: string): Promise<string>;
  abstract platformAccount(tx: TransactionContext, kind: PlatformAccountKind): Promise<string>;
  abstract post(tx: TransactionContext, posting: LedgerPosting): Promise<string>;
  /** Current balances; pass a transaction to read inside it (and lock nothing). */
  abstract balances(tx: TransactionContext | null, userId: string): Promise<UserBalances>;

  /** Several accounts of one user at once (created on first use), in the order asked. */
  async userAccounts(tx: TransactionContext, userId: string, kinds: UserAccountKind[]): Promise<string[]> {
    const ids: string[] = [];
    for (const kind of kinds) ids.push(await this.userAccount(tx, userId, kind));
    return ids;
  }

  /**
   * Locks the given accounts (in id order, as the posting trigger does) until the transaction ends and
   * returns their balances: for read-then-post decisions such as "set the balance to X". Not abstract
   * so that existing fakes of this port keep compiling; ledgers that support it override it.
   */
  lockedBalances(_tx: TransactionContext, _accountIds: string[]): Promise<Map<string, Cents>> {
    return Promise.reject(new Error(`${this.constructor.name} does not support lockedBalances`));
  }

  /**
   * Moves `amount` (> 0) cents from one account to another as one posting. After a
   * WALLET.INSUFFICIENT_FUNDS the database transaction is aborted: let the error end the use case.
   */
  transfer(tx: TransactionContext, transfer: LedgerTransfer): Promise<string> {
    return this.post(tx, {
      type: transfer.type,
      reference: transfer.reference,
      description: transfer.description,
      entries: [
        { accountId: transfer.from, amount: -transfer.amount },
        { accountId: transfer.to, amount: transfer.amount },
      ],
    });
  }
}

export interface LedgerTransfer {
  type: string;
  /** unique per type: see LedgerPosting.reference */
  reference: string;
  description?: string;
  /** ledger account ids */
  from: string;
  to: string;
  /** cents, > 0 */
  amount: Cents;
}
