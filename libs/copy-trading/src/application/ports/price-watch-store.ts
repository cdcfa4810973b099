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
   * every one of them, and possibly a borderline copy a cent above (a cheap pre-filter); closeOut re-checks
   * each exactly under its locks. Ordered by trader, then copy.
   */
  abstract trippedCopies(quotes: readonly Quote[]): Promise<TrippedCopy[]>;
  /**
   * Closes out these copies under their traders' share locks and their own row locks, re-checked at the same
   * quotes: their open positions settle at the close-side quote for this copy only (reason copy_stop_loss), the
   * copy stops (or is stopping while a position has no quote), its equity returns to cash; guard_hit notices follow
   * the commit (an outbox). Each copy comes with its trader (a copy's trader never changes), whose row is locked first.
   */
  abstract closeOut(
    tx: TransactionContext,
    copies: readonly TrippedCopy[],
    quotes: readonly Quote[],
    marketAccount: string,
    options?: CloseOutOptions,
  ): Promise<CloseOutResult>;
  /** Starts delivering the close-outs' committed notices (after close-outs run with holdNotices). */
  abstract deliverNotices(): void;
}
