import type { TransactionContext } from '@mirrorline/shared';
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
}
