import type { TransactionContext } from '@mirrorline/shared';
import type { TraderRef } from './copy-repository';
import type { TradeRecord } from './trade-engine';
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
}
