import type { Page, PageQuery, StoredCents as Cents } from '@mirrorline/shared';

// Read models for display: amounts are numbers while safe and bigints past 2^53 (never an error on a stored value).

export interface LedgerMismatch {
  accountId: string;
  kind: string;
  ownerId: string | null;
  balance: Cents;
  entriesSum: Cents;
}

/** The ledger check of admin/wallets and of the property tests (docs/ledger.md). */
export interface LedgerCheck {
  /** Σ entries = 0, every ledger transaction sums to zero, and no cached balance differs from Σ its entries. */
  balanced: boolean;
  entriesSum: Cents;
  unbalancedTransactions: number;
  /** ledger transactions whose (type, business reference) is not unique, or that have no reference: 0 */
  duplicates: number;
  mismatches: LedgerMismatch[];
}

export interface UserWallet {
  userId: string;
  username: string;
  email: string;
  cash: Cents;
  held: Cents;
  copyEquity: Cents;
}

export interface PlatformTotals {
  deposits: Cents;
  withdrawals: Cents;
  market: Cents;
  adjustments: Cents;
  /** Σ over users */
  userCash: Cents;
  userHeld: Cents;
  userCopyEquity: Cents;
}

export interface WalletsOverview {
  wallets: Page<UserWallet>;
  platform: PlatformTotals;
  check: LedgerCheck;
}

/** One ledger entry on one of a user's accounts: the wallet statement (newest first). */
export interface StatementLine {
  id: string;
  time: Date;
  /** the business event: deposit, withdrawal_hold, withdrawal, withdrawal_release, adjustment, copy_fund, copy_withdraw, trade_settlement, profit_share, … */
  type: string;
  reference: string | null;
  /** which of the user's accounts moved: cash, held or copy_equity */
  account: string;
  copyId: string | null;
  /** signed: + into that account, − out of it */
  amount: Cents;
}

/** Read-only, set-based views over the whole ledger, taken from one snapshot. */
export abstract class LedgerInspector {
  abstract overview(page: PageQuery, search?: string): Promise<WalletsOverview>;
  abstract check(): Promise<LedgerCheck>;
  /** Every entry on the user's accounts, newest first, paged. */
  abstract statement(userId: string, page: PageQuery): Promise<Page<StatementLine>>;
}
