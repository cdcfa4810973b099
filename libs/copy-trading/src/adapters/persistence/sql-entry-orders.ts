import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, sql, sqlArray, sqlJoin, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { Quote } from '@mirrorline/market';
import { EntryOrders, MAX_FILLS_PER_CYCLE, type EntryOrderRecord, type NewEntryOrder, type TriggeredOrder } from '../../application/ports/entry-orders';
import type { OrderStatus } from '../../domain/entry-order';
import { trimDecimal } from './sql-amount';

interface OrderRow {
  id: string;
  trader_id: number;
  symbol: string;
  market: EntryOrderRecord['market'];
  side: EntryOrderRecord['side'];
  type: EntryOrderRecord['type'];
  price: string;
  allocation_pct: number;
  stop_loss: string | null;
  take_profit: string | null;
  trailing_stop_pct: string | null;
  status: OrderStatus;
  reason: string | null;
  trade_id: string | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const ORDER_COLUMNS = `id::text AS id, trader_id, symbol, market, side, type, price::text AS price, allocation_pct,
  stop_loss::text AS stop_loss, take_profit::text AS take_profit, trailing_stop_pct::text AS trailing_stop_pct, status, reason,
  trade_id::text AS trade_id, expires_at, created_at, updated_at`;

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

/**
 * The four ways a pending order is reached (domain/entry-order.ts orderTriggered): a buy enters at the ask, a sell at
 * the bid; a buy limit and a sell stop wait for the price to come down to theirs, a sell limit and a buy stop for it
 * to rise. Each is a range of trader_orders_pending_idx (symbol, type, side, price) that starts at the quote's price.
 */
const TRIGGERS = [
  sql`o.type = 'limit' AND o.side = 'buy' AND o.price >= q.ask`,
  sql`o.type = 'limit' AND o.side = 'sell' AND o.price <= q.bid`,
  sql`o.type = 'stop' AND o.side = 'buy' AND o.price <= q.ask`,
  sql`o.type = 'stop' AND o.side = 'sell' AND o.price >= q.bid`,
];

@Injectable()
export class SqlEntryOrders extends EntryOrders {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async insert(tx: TransactionContext, traderId: number, order: NewEntryOrder): Promise<EntryOrderRecord> {
    const [row] = await emOf(tx).execute<OrderRow[]>(
      `INSERT INTO trader_orders (trader_id, symbol, market, side, type, price, allocation_pct, stop_loss, take_profit, trailing_stop_pct, expires_at)
       VALUES (?, ?, ?, ?, ?, ?::numeric, ?, ?::numeric, ?::numeric, ?::numeric, ?) RETURNING ${ORDER_COLUMNS}`,
      [
        traderId,
        order.symbol,
        order.market,
        order.side,
        order.type,
        order.price,
        order.allocationPct,
        order.stopLoss,
        order.takeProfit,
        order.trailingStopPct === null ? null : String(order.trailingStopPct),
        order.expiresAt,
      ],
    );
    return toOrder(row);
  }

  async list(traderId: number, page: PageQuery, status?: OrderStatus): Promise<Page<EntryOrderRecord>> {
    const where = `trader_id = ? ${status ? 'AND status = ?' : ''}`;
    const filter = status ? [traderId, status] : [traderId];
    const connection = this.em.getConnection();
    const [{ total }] = await connection.execute<{ total: string }[]>(`SELECT count(*) AS total FROM trader_orders WHERE ${where}`, filter);
    // Qualified: a bare `id` in ORDER BY would be the text output column.
    const rows = await connection.execute<OrderRow[]>(
      `SELECT ${ORDER_COLUMNS} FROM trader_orders WHERE ${where} ORDER BY trader_orders.id DESC LIMIT ? OFFSET ?`,
      [...filter, page.limit, pageOffset(page)],
    );
    return { items: rows.map(toOrder), total: Number(total), page: page.page, limit: page.limit };
  }

  async cancel(traderId: number, orderId: string): Promise<EntryOrderRecord | { missing: true } | { status: OrderStatus }> {
    if (!/^\d{1,18}$/.test(orderId)) return { missing: true };
    const connection = this.em.getConnection();
    // A fill holds the order's row from its lock to its commit: this waits for it, then finds the order filled.
    const [cancelled] = await connection.execute<OrderRow[]>(
      `UPDATE trader_orders SET status = 'cancelled', updated_at = now() WHERE id = ? AND trader_id = ? AND status = 'pending' RETURNING ${ORDER_COLUMNS}`,
      [orderId, traderId],
    );
    if (cancelled) return toOrder(cancelled);
    // Another trader's order looks exactly like a missing one.
    const [row] = await connection.execute<{ status: OrderStatus }[]>('SELECT status FROM trader_orders WHERE id = ? AND trader_id = ?', [orderId, traderId]);
    return row ? { status: row.status } : { missing: true };
  }

  async lock(tx: TransactionContext, orderId: string): Promise<EntryOrderRecord | null> {
    const [row] = await emOf(tx).execute<OrderRow[]>(`SELECT ${ORDER_COLUMNS} FROM trader_orders WHERE id = ? FOR UPDATE`, [orderId]);
    return row ? toOrder(row) : null;
  }

  async markFilled(tx: TransactionContext, orderId: string, tradeId: string): Promise<void> {
    await emOf(tx).execute("UPDATE trader_orders SET status = 'filled', trade_id = ?, updated_at = now() WHERE id = ? AND status = 'pending'", [tradeId, orderId]);
  }

  async reject(orderId: string, reason: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>("UPDATE trader_orders SET status = 'rejected', reason = ?, updated_at = now() WHERE id = ? AND status = 'pending' RETURNING id::text AS id", [
        reason.slice(0, 500),
        orderId,
      ]);
    return rows.length > 0;
  }

  async triggered(quotes: readonly Quote[]): Promise<TriggeredOrder[]> {
    if (!quotes.length) return [];
    // Per quote (LATERAL), so each of the four is an index range scan bounded by that quote's price. As a join of
    // the quotes with the orders, the planner cannot see how selective `price >= q.ask` is and hashes every
    // pending order of each kind (42 ms at 100,000 pending orders, against 1 ms this way: bench:guards).
    const branches = TRIGGERS.map(
      (test) => sql`SELECT o.id, o.trader_id FROM trader_orders o
                    WHERE o.symbol = q.symbol AND o.status = 'pending' AND ${test} AND (o.expires_at IS NULL OR o.expires_at > now())`,
    );
    const rows = await runSql(
      this.em.getConnection(),
      sql<{ id: string; trader_id: number }>`WITH q AS MATERIALIZED (
         SELECT * FROM unnest(${sqlArray(quotes.map((q) => q.symbol))}::text[], ${sqlArray(quotes.map((q) => q.bid))}::numeric[],
                              ${sqlArray(quotes.map((q) => q.ask))}::numeric[]) AS q(symbol, bid, ask))
       SELECT t.id::text AS id, t.trader_id FROM q CROSS JOIN LATERAL (${sqlJoin(branches, sql` UNION ALL `)}) t
       ORDER BY t.id LIMIT ${MAX_FILLS_PER_CYCLE}`,
    );
    return rows.map((r) => ({ orderId: r.id, traderId: Number(r.trader_id) }));
  }

  async expire(): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>(
        "UPDATE trader_orders SET status = 'expired', updated_at = now() WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= now() RETURNING id",
      );
    return rows.length;
  }
}
