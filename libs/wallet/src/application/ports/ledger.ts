import type { Cents, TransactionContext } from '@mirrorline/shared';

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
  /** the business record this posting belongs to (wallet transaction id, copy id, trade id, …) */
  reference?: string;
  description?: string;
  entries: LedgerEntry[];
}

export interface UserBalances {
  /** free cash */
  cash: Cents;
  /** withdrawals awaiting approval */
  held: Cents;
  /** Σ copy equity accounts (the API's tradingBalance) */
  copyEquity: Cents;
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
}
