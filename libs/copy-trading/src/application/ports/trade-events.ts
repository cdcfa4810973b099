import type { TransactionContext } from '@mirrorline/shared';
import type { FillReceipt } from './trade-engine';
import type { CloseOutResult } from './price-watch-store';

/**
 * Live events of copy close-outs (product.md §9.4 events/stream), published inside the transaction that
 * made them (they go out only if it commits): position_closed, guard_hit and copy_stopped to the followers
 * a close-out stopped. A trade's position_opened / position_closed to its copiers (100,000 for a large
 * trader) go with the trade's notices through the outbox, right after the commit (SqlCopyNotices), so the
 * trader's order does not wait for them.
 */
export abstract class TradeEvents {
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
