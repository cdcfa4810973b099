import type { TransactionContext } from '@mirrorline/shared';
import type { Quote } from '@mirrorline/market';

/** An open trade whose stop loss or take profit the close-side price of a quote has reached. */
export interface CrossedTrade {
  tradeId: string;
  traderId: number;
  reason: 'stop_loss' | 'take_profit';
  quote: Quote;
}

/** A copy whose live equity is at its stop loss or take profit (trippedCopies), or one its owner acts on, with its trader. */
export interface TrippedCopy {
  copyId: string;
  traderId: number;
}

export interface CloseOutResult {
  /** copies closed out (their stop loss on live equity was reached) */
  copies: number;
  /** positions settled by the close-outs */
  positions: number;
  /** copies that ended (nothing left open): their equity went back to cash */
  ended: number;
  /** Σ pnl of the settled positions (cents) */
  pnl: bigint;
}

export interface CloseOutOptions {
  /**
   * Leave the notices in the outbox at the commit instead of starting their delivery: the price watcher starts it
   * once every transaction of a split close-out is done, so that it does not compete with them for the database.
   */
  holdNotices?: boolean;
  /**
   * An owner's action instead of the guards' re-check: `copy_stopped` closes every open position of the given copies
   * and stops them (POST copies/:id/stop {closePositions: true}); `copier_closed` closes that one position and the
   * copy goes on (POST trades/:positionId/close). Without it, each copy is closed out only if its live equity is at
   * its stop loss (`copy_stop_loss`) or take profit (`copy_take_profit`) at these quotes.
   */
  action?: { reason: 'copy_stopped' } | { reason: 'copier_closed'; positionId: string };
}

export type CloseOutAction = NonNullable<CloseOutOptions['action']>;

/** A trader a close-out locked, and whether its user still needs a cash account. */
export interface CloseOutTrader {
  id: number;
  userId: string;
  noCash: boolean;
}

/** A copy a close-out locked, and whether its owner still needs a cash account. */
export interface CloseOutCopy {
  copyId: string;
  traderId: number;
  followerId: string;
  noCash: boolean;
}

/** What the close-out statement did: each copy closed out, and the rows it updated (to check against them). */
export interface ClosedOutCopies {
  copies: Array<{ pnl: bigint; positions: number; ends: boolean }>;
  /** positions the statement settled, and copies it updated */
  settled: number;
  stopped: number;
}

/**
 * The price watcher's set-based statements (docs/market.md "Price watcher"). Quotes are passed in as
 * arrays (unnest), so copy trading never reads the market's tables: every statement works on all open
 * trades / all copies with open positions at once, with no loop per copy.
 */
export abstract class PriceWatchStore {
  /**
   * Trailing stops (product.md §12.5), set-based: every open trade with a trailingStopPct whose level at these quotes
   * (domain/entry-order.ts trailingStopLevel) is tighter than its stop loss gets it as its new stop loss; a stop
   * never loosens. Returns how many moved.
   */
  abstract ratchetTrailingStops(quotes: readonly Quote[]): Promise<number>;
  /** Open trades whose SL or TP the given quotes cross. */
  abstract crossedTrades(quotes: readonly Quote[]): Promise<CrossedTrade[]>;
  /**
   * Live copies whose live equity (equity + Σ unrealized pnl at these quotes) is at or below their stop loss:
   * every one of them, and possibly a borderline copy a cent above (a cheap pre-filter); the close-out re-checks
   * each exactly under its locks. Ordered by trader, then copy.
   */
  abstract trippedCopies(quotes: readonly Quote[]): Promise<TrippedCopy[]>;
  /**
   * The close-out's steps (CloseOutCopiesUseCase runs them in the order of docs/copy-trading.md, in one transaction),
   * one statement each. First its settings: a guards' close-out (not an owner's action) may run past the request's
   * statement timeout, and every close-out's statements probe indexes for a few copies among many.
   */
  abstract closeOutSettings(tx: TransactionContext, ownerAction: boolean): Promise<void>;
  /** The traders FOR SHARE in id order (those that still exist), with whether their user has no cash account. */
  abstract lockTraders(tx: TransactionContext, traderIds: readonly number[]): Promise<CloseOutTrader[]>;
  /** The copies FOR UPDATE in id order (those that exist), with whether their owner has no cash account. */
  abstract lockCopies(tx: TransactionContext, copyIds: readonly string[]): Promise<CloseOutCopy[]>;
  /** Makes the missing cash accounts of these users (the close-out's postings credit them). */
  abstract ensureCashAccounts(tx: TransactionContext, ownerIds: readonly string[]): Promise<void>;
  /**
   * The close-out statement over these copies, locked already: re-checked at the same quotes (or the owner's
   * `action`), their open positions with a quote settle at the close-side price, the copies stop (or are stopping
   * while a position has no quote), the trades' copier totals, the outbox row of their notices and the ledger
   * postings (the close-out's, and copy_return for the copies that end). One entry per copy closed out.
   */
  abstract closeOutCopies(
    tx: TransactionContext,
    copyIds: readonly string[],
    quotes: readonly Quote[],
    marketAccount: string,
    action?: CloseOutAction,
  ): Promise<ClosedOutCopies>;
  /** Starts delivering the close-out's notices (the outbox row closeOutCopies wrote) once `tx` has committed. */
  abstract deliverNoticesAfterCommit(tx: TransactionContext): void;
  /** Starts delivering the close-outs' committed notices (after close-outs run with holdNotices). */
  abstract deliverNotices(): void;
}
