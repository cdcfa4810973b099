import type { Page, PageQuery, TransactionContext } from '@mirrorline/shared';
import type { Quote } from '@mirrorline/market';
import type { Market } from '../../domain/copy';
import type { TradeSide } from '../../domain/copy-math';
import type { EntryOrderType, OrderStatus } from '../../domain/entry-order';

/** A trader's entry order (product.md §12.5): pending until the quote reaches its price, then filled once. */
export interface EntryOrderRecord {
  id: string;
  traderId: number;
  symbol: string;
  market: Market;
  side: TradeSide;
  type: EntryOrderType;
  price: string;
  allocationPct: number;
  stopLoss: string | null;
  takeProfit: string | null;
  trailingStopPct: number | null;
  status: OrderStatus;
  /** rejected: why the fill was refused (an error code and its message) */
  reason: string | null;
  /** filled: the trade it opened */
  tradeId: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewEntryOrder = Pick<EntryOrderRecord, 'symbol' | 'market' | 'side' | 'type' | 'price' | 'allocationPct' | 'stopLoss' | 'takeProfit' | 'trailingStopPct'> & {
  expiresAt: Date | null;
};

/** A pending order the given quotes reach, with its trader (the watcher fills it under the trader's lock). */
export interface TriggeredOrder {
  orderId: string;
  traderId: number;
}

/** The watcher fills at most this many triggered orders a cycle (oldest first); the rest wait for the next. */
export const MAX_FILLS_PER_CYCLE = 200;

export abstract class EntryOrders {
  abstract insert(tx: TransactionContext, traderId: number, order: NewEntryOrder): Promise<EntryOrderRecord>;
  abstract list(traderId: number, page: PageQuery, status?: OrderStatus): Promise<Page<EntryOrderRecord>>;
  /** Cancels a pending order of this trader: the cancelled order, or what stopped it (none such, or its status). */
  abstract cancel(traderId: number, orderId: string): Promise<EntryOrderRecord | { missing: true } | { status: OrderStatus }>;
  /** The order's row, locked for the fill (after its trader's row: the lock order of every trade path). */
  abstract lock(tx: TransactionContext, orderId: string): Promise<EntryOrderRecord | null>;
  abstract markFilled(tx: TransactionContext, orderId: string, tradeId: string): Promise<void>;
  /** A fill refused by a check: the order becomes rejected with the reason, if it is still pending (own statement). */
  abstract reject(orderId: string, reason: string): Promise<boolean>;
  /**
   * One set-based statement: the pending, unexpired orders the quotes reach (a limit at its price or better, a stop
   * at or past it), oldest first, at most MAX_FILLS_PER_CYCLE.
   */
  abstract triggered(quotes: readonly Quote[]): Promise<TriggeredOrder[]>;
  /** Pending orders past their expiresAt become expired; how many. */
  abstract expire(): Promise<number>;
}
