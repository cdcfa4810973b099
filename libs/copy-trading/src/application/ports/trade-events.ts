import type { TransactionContext } from '@mirrorline/shared';
import type { FillReceipt } from './trade-engine';

/**
 * Live events of copy trading (product.md §9.4 events/stream) published inside the transaction that made them
 * (they go out only if it commits). A trade's position_opened / position_closed to its copiers (100,000 for a
 * large trader) go with the trade's notices through the outbox, right after the commit (SqlCopyNotices), so the
 * trader's order does not wait for them; so do a copy close-out's position_closed, guard_hit and copy_stopped to
 * the followers it stopped, with its notices.
 */
export abstract class TradeEvents {
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
