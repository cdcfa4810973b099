import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { emOf, formatCents, type TransactionContext } from '@mirrorline/shared';
import { Notifications } from '@mirrorline/notifications';
import type { TraderRef } from '../../application/ports/copy-repository';
import {
  TradeEngine,
  type FanOutResult,
  type OpenTradeInput,
  type SettlementResult,
  type TradeRecord,
} from '../../application/ports/trade-engine';
import type { SkipReason } from '../../domain/copy';

interface TradeRow {
  id: string;
  trader_id: number;
  market: TradeRecord['market'];
  pair: string;
  side: TradeRecord['side'];
  entry_price: string;
  exit_price: string | null;
  allocation_pct: number;
  pnl_pct: string | null;
  status: 'open' | 'closed';
  copied_count: number;
  skipped_count: number;
  copiers_pnl: string;
  copiers_fees: string;
  opened_at: Date;
  closed_at: Date | null;
}

export const TRADE_COLUMNS = `id::text AS id, trader_id, market, pair, side, entry_price::text AS entry_price,
  exit_price::text AS exit_price, allocation_pct, pnl_pct::text AS pnl_pct, status, copied_count, skipped_count,
  copiers_pnl::text AS copiers_pnl, copiers_fees::text AS copiers_fees, opened_at, closed_at`;

/** numeric(24,8) comes back as "1.08500000": trailing zeros are noise on the wire. */
export const trimDecimal = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export function toTradeRecord(row: TradeRow): TradeRecord {
  return {
    id: row.id,
    traderId: Number(row.trader_id),
    market: row.market,
    pair: row.pair,
    side: row.side,
    entryPrice: trimDecimal(row.entry_price),
    exitPrice: row.exit_price === null ? null : trimDecimal(row.exit_price),
    allocationPct: Number(row.allocation_pct),
    pnlPct: row.pnl_pct,
    status: row.status,
    copiedCount: Number(row.copied_count),
    skippedCount: Number(row.skipped_count),
    copiersPnl: formatCents(row.copiers_pnl),
    copiersFees: formatCents(row.copiers_fees),
    openedAt: new Date(row.opened_at).toISOString(),
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
  };
}

/**
 * Fan-out and settlement as a handful of set-based statements (docs/copy-trading.md): the work per
 * trade is a constant number of round trips whatever the number of copies. Intermediate results live in
 * ON COMMIT DROP temporary tables (no WAL, private to the transaction) so each step reads them once.
 */
@Injectable()
export class SqlTradeEngine extends TradeEngine {
  constructor(
    private readonly notifications: Notifications,
    private readonly em: EntityManager,
  ) {
    super();
  }

  async insertTrade(tx: TransactionContext, traderId: number, input: OpenTradeInput): Promise<string> {
    const [row] = await emOf(tx).execute<{ id: string }[]>(
      `INSERT INTO trader_trades (trader_id, market, pair, side, entry_price, allocation_pct)
       VALUES (?, ?, ?, ?, ?::numeric, ?) RETURNING id::text AS id`,
      [traderId, input.market, input.pair, input.side, input.entryPrice, input.allocationPct],
    );
    return row.id;
  }

  async fanOut(tx: TransactionContext, trader: TraderRef, tradeId: string, allocationPct: number): Promise<FanOutResult> {
    const em = emOf(tx);
    // Free equity = copy equity − Σ open positions; size = floor(free × pct / 100) (bigint division
    // truncates, free ≥ 0). Guards in order: paused, stopping, daily loss limit reached, zero size.
    await em.execute(
      `CREATE TEMP TABLE copy_fanout ON COMMIT DROP AS
       WITH live AS (
         SELECT c.id AS copy_id, c.follower_id, c.status, a.balance AS equity
         FROM copies c JOIN ledger_accounts a ON a.copy_id = c.id
         WHERE c.trader_id = ? AND c.status IN ('active', 'paused', 'stopping')
       ), committed AS (
         SELECT p.copy_id, sum(p.size)::bigint AS committed
         FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id
         WHERE t.trader_id = ? AND t.status = 'open' AND NOT p.settled
         GROUP BY p.copy_id
       ), guarded AS (
         SELECT s.user_id FROM copy_settings s
         WHERE s.daily_loss_limit IS NOT NULL
           AND s.user_id IN (SELECT follower_id FROM live WHERE status = 'active')
           AND -(SELECT coalesce(sum(p.pnl), 0) FROM copies uc JOIN copy_positions p ON p.copy_id = uc.id
                 WHERE uc.follower_id = s.user_id AND p.settled
                   AND p.settled_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') >= s.daily_loss_limit
       ), sized AS (
         SELECT l.copy_id, l.follower_id, l.status, g.user_id IS NOT NULL AS guarded,
                greatest(l.equity - coalesce(k.committed, 0), 0) * ?::bigint / 100 AS size
         FROM live l LEFT JOIN committed k ON k.copy_id = l.copy_id LEFT JOIN guarded g ON g.user_id = l.follower_id
       )
       SELECT copy_id, follower_id, size,
              CASE WHEN status = 'paused' THEN 'paused'
                   WHEN status = 'stopping' THEN 'stopping'
                   WHEN guarded THEN 'daily_loss_limit'
                   WHEN size <= 0 THEN 'zero_size' END AS reason
       FROM sized`,
      [trader.id, trader.id, allocationPct],
    );
    await em.execute(
      `INSERT INTO copy_positions (trade_id, copy_id, follower_id, size)
       SELECT ?::bigint, copy_id, follower_id, size FROM copy_fanout WHERE reason IS NULL`,
      [tradeId],
    );
    await em.execute(
      `INSERT INTO copy_skips (trade_id, copy_id, follower_id, reason)
       SELECT ?::bigint, copy_id, follower_id, reason FROM copy_fanout WHERE reason IS NOT NULL`,
      [tradeId],
    );
    const [trade] = await em.execute<{ pair: string; side: string; market: string }[]>(
      'SELECT pair, side, market FROM trader_trades WHERE id = ?',
      [tradeId],
    );
    await this.notifications.notifyFromSelect(
      tx,
      `SELECT f.follower_id,
              CASE WHEN f.reason IS NULL THEN 'copy_opened' WHEN f.reason = 'daily_loss_limit' THEN 'guard_hit' ELSE 'copy_skipped' END,
              CASE WHEN f.reason IS NULL THEN 'Copied ' || ?::text || ' ' || ?::text || ' from ' || ?::text
                   WHEN f.reason = 'daily_loss_limit' THEN 'Daily loss limit reached: ' || ?::text || ' not copied'
                   ELSE 'Trade ' || ?::text || ' not copied' END,
              CASE WHEN f.reason IS NULL THEN 'Position size ' || to_char(f.size / 100.0, 'FM999999999999990.00') || ' USD'
                   WHEN f.reason = 'paused' THEN 'Your copy is paused.'
                   WHEN f.reason = 'stopping' THEN 'Your copy is stopping: it takes no new trades.'
                   WHEN f.reason = 'zero_size' THEN 'Your free copy equity is too small for this trade.'
                   ELSE 'Your realised copy losses today reached your daily loss limit.' END,
              jsonb_build_object('tradeId', ?::text, 'copyId', f.copy_id, 'reason', f.reason, 'size', f.size::text)
       FROM copy_fanout f`,
      [trade.side, trade.pair, trader.name, trade.pair, trade.pair, tradeId],
    );
    const counts = await em.execute<{ reason: SkipReason | null; n: string; committed: string }[]>(
      'SELECT reason, count(*) AS n, coalesce(sum(size), 0)::text AS committed FROM copy_fanout GROUP BY reason',
    );
    const result: FanOutResult = { copied: 0, committed: 0n, skipped: {} };
    for (const row of counts) {
      if (row.reason === null) {
        result.copied = Number(row.n);
        result.committed = BigInt(row.committed);
      } else result.skipped[row.reason] = Number(row.n);
    }
    const skipped = Object.values(result.skipped).reduce((a, b) => a + (b ?? 0), 0);
    await em.execute('UPDATE trader_trades SET copied_count = ?, skipped_count = ? WHERE id = ?', [result.copied, skipped, tradeId]);
    await em.execute('DROP TABLE copy_fanout');
    return result;
  }

  async lockTrade(tx: TransactionContext, tradeId: string): Promise<TradeRecord | null> {
    if (!/^\d{1,18}$/.test(tradeId)) return null;
    const [row] = await emOf(tx).execute<TradeRow[]>(`SELECT ${TRADE_COLUMNS} FROM trader_trades WHERE id = ? FOR UPDATE`, [tradeId]);
    return row ? toTradeRecord(row) : null;
  }

  async trade(tx: TransactionContext | null, tradeId: string): Promise<TradeRecord | null> {
    if (!/^\d{1,18}$/.test(tradeId)) return null;
    const sql = `SELECT ${TRADE_COLUMNS} FROM trader_trades WHERE id = ?`;
    const rows = tx ? await emOf(tx).execute<TradeRow[]>(sql, [tradeId]) : await this.em.getConnection().execute<TradeRow[]>(sql, [tradeId]);
    return rows.length ? toTradeRecord(rows[0]) : null;
  }

  async closeTrade(tx: TransactionContext, tradeId: string, exitPrice: string, pnlPct: string): Promise<void> {
    await emOf(tx).execute(
      "UPDATE trader_trades SET status = 'closed', exit_price = ?::numeric, pnl_pct = ?::numeric, closed_at = now() WHERE id = ? AND status = 'open'",
      [exitPrice, pnlPct, tradeId],
    );
  }

  async settle(
    tx: TransactionContext,
    trader: TraderRef,
    trade: TradeRecord,
    exitPrice: string,
    traderCashAccount: string,
    marketAccount: string,
  ): Promise<SettlementResult> {
    const em = emOf(tx);
    const sign = trade.side === 'buy' ? 1 : -1;
    // pnl = trunc(size × (exit − entry) × sign / entry): numeric div() is exact integer division rounding
    // toward zero (no float, no intermediate rounding of pnlPct); a loss is capped at the position size.
    // Profit share (high-water mark) and stop loss as in domain/copy-math.ts.
    // The trade's positions were inserted after the last ANALYZE, so the planner expects a handful and
    // would probe ledger_accounts once per position: hash joins are the right plan for any fan-out size.
    await em.execute('SET LOCAL enable_nestloop = off');
    await em.execute(
      `CREATE TEMP TABLE copy_settlement ON COMMIT DROP AS
       WITH pos AS (
         SELECT p.copy_id, p.follower_id, p.size,
                greatest(-p.size, div(p.size::numeric * (?::numeric - ?::numeric) * ?, ?::numeric))::bigint AS pnl
         FROM copy_positions p WHERE p.trade_id = ? AND NOT p.settled
       ), eq AS (
         SELECT pos.*, a.id AS account_id, a.balance AS equity, c.high_water_mark AS hwm, c.invested,
                c.stop_loss_pct, c.status, a.balance + pos.pnl AS after_pnl
         FROM pos JOIN copies c ON c.id = pos.copy_id JOIN ledger_accounts a ON a.copy_id = pos.copy_id
       ), fee AS (
         SELECT eq.*, CASE WHEN after_pnl > hwm THEN (after_pnl - hwm) * ?::bigint / 100 ELSE 0 END AS fee FROM eq
       ), still_open AS (
         SELECT DISTINCT p.copy_id FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id
         WHERE t.trader_id = ? AND t.status = 'open' AND t.id <> ? AND NOT p.settled
       ), fin AS (
         SELECT fee.*, after_pnl - fee AS new_equity,
                CASE WHEN after_pnl > hwm THEN after_pnl - fee ELSE hwm END AS new_hwm,
                (status <> 'stopping' AND stop_loss_pct IS NOT NULL AND invested > 0
                  AND (after_pnl - fee) * 100 <= invested * stop_loss_pct) AS stop_loss_hit,
                o.copy_id IS NULL AS none_open
         FROM fee LEFT JOIN still_open o ON o.copy_id = fee.copy_id
       )
       SELECT fin.*, (status = 'stopping' OR stop_loss_hit) AND none_open AS ends FROM fin`,
      [exitPrice, trade.entryPrice, sign, trade.entryPrice, trade.id, trader.sharePct, trader.id, trade.id],
    );
    await em.execute('SET LOCAL enable_nestloop = on');
    const [totals] = await em.execute<
      { positions: string; moved: string; pnl: string; fees: string; ended: string; returned: string; stop_loss_hit: string }[]
    >(
      `SELECT count(*) AS positions, count(*) FILTER (WHERE pnl <> 0) AS moved, coalesce(sum(pnl), 0)::text AS pnl, coalesce(sum(fee), 0)::text AS fees,
              count(*) FILTER (WHERE ends) AS ended, coalesce(sum(new_equity) FILTER (WHERE ends), 0)::text AS returned,
              count(*) FILTER (WHERE stop_loss_hit) AS stop_loss_hit
       FROM copy_settlement`,
    );
    const result: SettlementResult = {
      positions: Number(totals.positions),
      pnl: BigInt(totals.pnl),
      fees: BigInt(totals.fees),
      ended: Number(totals.ended),
      stopLossHit: Number(totals.stop_loss_hit),
    };
    if (result.positions > 0) {
      // The settled flag flips once: if any row was already settled the counts differ and we roll back.
      const updated = await em.execute<{ affectedRows?: number }>(
        `UPDATE copy_positions p SET settled = true, pnl = s.pnl, fee = s.fee, settled_at = now()
         FROM copy_settlement s WHERE p.trade_id = ? AND p.copy_id = s.copy_id AND NOT p.settled`,
        [trade.id],
        'run',
      );
      if (Number((updated as { affectedRows?: number }).affectedRows) !== result.positions) {
        throw new Error(`trade ${trade.id}: positions changed during settlement`);
      }
      await this.postLedger(tx, trade.id, result, Number(totals.moved), BigInt(totals.returned), traderCashAccount, marketAccount);
      await em.execute(
        `UPDATE copies c SET high_water_mark = s.new_hwm,
                status = CASE WHEN s.ends THEN 'stopped' WHEN s.stop_loss_hit THEN 'stopping' ELSE c.status END,
                stop_reason = CASE WHEN s.stop_loss_hit THEN 'stop_loss' ELSE c.stop_reason END,
                ended_at = CASE WHEN s.ends THEN now() ELSE c.ended_at END,
                updated_at = now()
         FROM copy_settlement s
         WHERE c.id = s.copy_id AND (c.high_water_mark <> s.new_hwm OR s.ends OR s.stop_loss_hit)`,
      );
      await this.notifications.notifyFromSelect(
        tx,
        `SELECT s.follower_id, 'copy_closed',
                ?::text || ' closed: ' || CASE WHEN s.pnl >= 0 THEN '+' ELSE '-' END
                  || to_char(abs(s.pnl) / 100.0, 'FM999999999999990.00') || ' USD',
                'Trade pnl ' || ?::text || ' %' || CASE WHEN s.fee > 0 THEN ', profit share ' || to_char(s.fee / 100.0, 'FM999999999999990.00') || ' USD' ELSE '' END,
                jsonb_build_object('tradeId', ?::text, 'copyId', s.copy_id, 'pnl', s.pnl::text, 'fee', s.fee::text)
         FROM copy_settlement s
         UNION ALL
         SELECT s.follower_id, 'guard_hit', 'Stop loss reached: your copy of ' || ?::text || ' stops',
                'Your copy equity fell to its stop loss.', jsonb_build_object('copyId', s.copy_id, 'guard', 'stop_loss')
         FROM copy_settlement s WHERE s.stop_loss_hit
         UNION ALL
         SELECT s.follower_id, 'copy_ended', 'Your copy of ' || ?::text || ' has ended',
                to_char(s.new_equity / 100.0, 'FM999999999999990.00') || ' USD returned to your balance.',
                jsonb_build_object('copyId', s.copy_id, 'returned', s.new_equity::text)
         FROM copy_settlement s WHERE s.ends`,
        [trade.pair, trimDecimal(await this.pnlPctOf(tx, trade.id)), trade.id, trader.name, trader.name],
      );
    }
    await em.execute('UPDATE trader_trades SET copiers_pnl = ?, copiers_fees = ? WHERE id = ?', [
      result.pnl.toString(),
      result.fees.toString(),
      trade.id,
    ]);
    await em.execute('DROP TABLE copy_settlement');
    return result;
  }

  private async pnlPctOf(tx: TransactionContext, tradeId: string): Promise<string> {
    const [row] = await emOf(tx).execute<{ pnl_pct: string }[]>('SELECT pnl_pct::text AS pnl_pct FROM trader_trades WHERE id = ?', [tradeId]);
    return row?.pnl_pct ?? '0';
  }

  /**
   * Ledger rows written directly (docs/copy-trading.md, "Settlement and the ledger"): one INSERT for the
   * ledger transactions of this close and ONE INSERT … SELECT for all their entries, because the ledger
   * trigger checks each transaction's zero sum over the entries of a single statement.
   * trade_settlement (one per close): each copy_equity moves by its pnl net of its profit share, the
   * platform_market account by −Σ pnl and the trader's cash by +Σ profit share — one entry per copy, which
   * halves the rows the posting trigger locks and updates; the split per copy is kept on copy_positions
   * (pnl, fee). copy_return: the remaining equity of copies that end → the follower's cash.
   */
  private async postLedger(
    tx: TransactionContext,
    tradeId: string,
    result: SettlementResult,
    moved: number,
    returned: bigint,
    traderCash: string,
    market: string,
  ): Promise<void> {
    const em = emOf(tx);
    const reference = `trade:${tradeId}`;
    const wanted: Array<[string, string]> = [];
    if (moved > 0) wanted.push(['trade_settlement', `Settlement of trade ${tradeId} (pnl and profit share)`]);
    if (returned > 0n) {
      wanted.push(['copy_return', `Copies ended with trade ${tradeId}`]);
      await em.execute(
        `INSERT INTO ledger_accounts (owner_id, kind)
         SELECT DISTINCT follower_id, 'cash' FROM copy_settlement WHERE ends AND new_equity > 0
         ON CONFLICT (owner_id, kind) WHERE owner_id IS NOT NULL AND copy_id IS NULL DO NOTHING`,
      );
    }
    if (!wanted.length) return;
    const rows = await em.execute<{ id: string; type: string }[]>(
      `INSERT INTO ledger_transactions (type, reference, description)
       SELECT t.type, ?, t.description FROM (VALUES ${wanted.map(() => '(?, ?)').join(', ')}) AS t(type, description)
       RETURNING id::text AS id, type`,
      [reference, ...wanted.flat()],
    );
    const id = (type: string) => rows.find((r) => r.type === type)?.id ?? null;
    await em.execute(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount)
       SELECT ?::bigint, account_id, pnl - fee FROM copy_settlement WHERE pnl - fee <> 0
       UNION ALL SELECT ?::bigint, ?::bigint, -sum(pnl) FROM copy_settlement HAVING sum(pnl) <> 0
       UNION ALL SELECT ?::bigint, ?::bigint, sum(fee) FROM copy_settlement HAVING sum(fee) > 0
       UNION ALL SELECT ?::bigint, account_id, -new_equity FROM copy_settlement WHERE ends AND new_equity > 0
       UNION ALL SELECT ?::bigint, cash.id, s.new_equity FROM copy_settlement s
         JOIN ledger_accounts cash ON cash.owner_id = s.follower_id AND cash.kind = 'cash' AND cash.copy_id IS NULL
         WHERE s.ends AND s.new_equity > 0`,
      [
        id('trade_settlement'),
        id('trade_settlement'),
        market,
        id('trade_settlement'),
        traderCash,
        id('copy_return'),
        id('copy_return'),
      ],
    );
  }
}
