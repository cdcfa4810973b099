import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { Quote } from '@mirrorline/market';
import { EntryOrders, type EntryOrderRecord, type NewEntryOrder, type TriggeredOrder } from '../../application/ports/entry-orders';
import type { OrderStatus } from '../../domain/entry-order';
import { trimDecimal } from './sql-amount';
import { entryOrdersQueries, type OrderRow } from './entry-orders.queries';

function toOrder(row: OrderRow): EntryOrderRecord {
  return {
    id: row.id,
    traderId: Number(row.trader_id),
    symbol: row.symbol,
    market: row.market,
    side: row.side,
    type: row.type,
    price: trimDecimal(row.price),
    allocationPct: Number(row.allocation_pct),
    stopLoss: row.stop_loss === null ? null : trimDecimal(row.stop_loss),
    takeProfit: row.take_profit === null ? null : trimDecimal(row.take_profit),
    trailingStopPct: row.trailing_stop_pct === null ? null : Number(row.trailing_stop_pct),
    status: row.status,
    reason: row.reason,
    tradeId: row.trade_id,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

@Injectable()
export class SqlEntryOrders extends EntryOrders {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async insert(tx: TransactionContext, traderId: number, order: NewEntryOrder): Promise<EntryOrderRecord> {
    const [row] = await runSql(emOf(tx), entryOrdersQueries.insert(traderId, order));
    return toOrder(row);
  }

  async list(traderId: number, page: PageQuery, status?: OrderStatus): Promise<Page<EntryOrderRecord>> {
    const connection = this.em.getConnection();
    const [{ total }] = await runSql(connection, entryOrdersQueries.count(traderId, status));
    const rows = await runSql(connection, entryOrdersQueries.page(traderId, status, page.limit, pageOffset(page)));
    return { items: rows.map(toOrder), total: Number(total), page: page.page, limit: page.limit };
  }

  async cancel(traderId: number, orderId: string): Promise<EntryOrderRecord | { missing: true } | { status: OrderStatus }> {
    if (!/^\d{1,18}$/.test(orderId)) return { missing: true };
    const connection = this.em.getConnection();
    // A fill holds the order's row from its lock to its commit: this waits for it, then finds the order filled.
    const [cancelled] = await runSql(connection, entryOrdersQueries.cancelPending(orderId, traderId));
    if (cancelled) return toOrder(cancelled);
    // Another trader's order looks exactly like a missing one.
    const [row] = await runSql(connection, entryOrdersQueries.statusOf(orderId, traderId));
    return row ? { status: row.status } : { missing: true };
  }

  async lock(tx: TransactionContext, orderId: string): Promise<EntryOrderRecord | null> {
    const [row] = await runSql(emOf(tx), entryOrdersQueries.lock(orderId));
    return row ? toOrder(row) : null;
  }

  async markFilled(tx: TransactionContext, orderId: string, tradeId: string): Promise<void> {
    await runSql(emOf(tx), entryOrdersQueries.markFilled(orderId, tradeId));
  }

  async reject(orderId: string, reason: string): Promise<boolean> {
    const rows = await runSql(this.em.getConnection(), entryOrdersQueries.reject(orderId, reason.slice(0, 500)));
    return rows.length > 0;
  }

  async triggered(quotes: readonly Quote[]): Promise<TriggeredOrder[]> {
    if (!quotes.length) return [];
    const rows = await runSql(this.em.getConnection(), entryOrdersQueries.triggered(quotes));
    return rows.map((r) => ({ orderId: r.id, traderId: Number(r.trader_id) }));
  }

  async expire(): Promise<number> {
    const rows = await runSql(this.em.getConnection(), entryOrdersQueries.expire());
    return rows.length;
  }
}
