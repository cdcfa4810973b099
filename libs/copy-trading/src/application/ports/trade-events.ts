import type { TransactionContext } from '@mirrorline/shared';
import type { TraderRef } from './copy-repository';
import type { FillReceipt, TradeRecord } from './trade-engine';
import type { CloseOutResult } from './price-watch-store';

/**
 * Live events of trades (product.md §9.4 events/stream), published inside the transaction that made them
 * (they go out only if it commits): position_opened / position_closed to the trade's copiers, with symbol,
 * side and the fill receipt; copy_stopped and guard_hit to the followers a close-out stopped.
 */
export abstract class TradeEvents {
  abstract tradeOpened(tx: TransactionContext, trader: TraderRef, trade: TradeRecord, quoteTime: Date): Promise<void>;
  abstract tradeClosed(tx: TransactionContext, trader: TraderRef, trade: TradeRecord): Promise<void>;
  /** Copies whose settlement stopped them (settled stop loss or end), given by the settlement. */
  abstract closedOut(tx: TransactionContext, result: CloseOutResult): Promise<void>;
  /**
   * Positions a new copy took over from the trader's open trades (copy open trades), each with its own fill:
   * position_opened to that one follower. No-op unless an adapter publishes it.
   */
  async positionsCopied(_tx: TransactionContext, _followerId: string, _traderId: number, _positions: CopiedPositionEvent[]): Promise<void> {}
}

/** One position of "copy open trades": the trader's original fill beside the copier's. */
export interface CopiedPositionEvent {
  tradeId: string;
  symbol: string;
  side: string;
  receipt: FillReceipt;
}
