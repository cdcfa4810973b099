import { Sql, sql, type TraderTradesTable } from '@mirrorline/shared';
import { ledgerSetPostings, walletQueries } from '@mirrorline/wallet/sql';
import type { CloseFill, OpenTradeInput, TradeRecord } from '../../application/ports/trade-engine';
import type { SkipReason } from '../../domain/copy';
import {
  aboveHighWaterMarkSql,
  copyEndsSql,
  dailyLossLimitReachedSql,
  highWaterMarkAfterSql,
  positionPnlSql,
  positionSizeSql,
  profitShareFeeSql,
  realisedCopyPnlToday,
  skipReasonSql,
  stopLossHitSql,
  takeProfitHitSql,
} from '../../domain/money-rules';

/** A trade as TRADE_COLUMNS_SQL reads it: the table's columns (numerics as text), its enums narrowed. */
export type TradeRow = Pick<
  TraderTradesTable,
  | 'id' | 'trader_id' | 'symbol' | 'entry_price' | 'exit_price' | 'stop_loss' | 'take_profit' | 'trailing_stop_pct' | 'allocation_pct'
  | 'pnl_pct' | 'copied_count' | 'skipped_count' | 'copiers_pnl' | 'copiers_fees' | 'opened_at' | 'closed_at'
> & {
  market: TradeRecord['market'];
  side: TradeRecord['side'];
  close_reason: TradeRecord['closeReason'];
  status: TradeRecord['status'];
};

/** The settlement statement's one row: the totals (bigint counts and sums as text) and the copies it flagged. */
export interface SettlementTotalsRow {
  expected: string;
  positions: string;
  pnl: string;
  fees: string;
  ended: string;
  hit: string;
  returned: string;
  flagged: { copyId: string; followerId: string; stopLossHit: boolean; takeProfitHit: boolean; ends: boolean; equity: string }[];
}

/** The columns of a TradeRow (trader_trades, no alias), as a fragment. */
export const TRADE_COLUMNS_SQL = new Sql<never>(`id::text AS id, trader_id, market, symbol, side, entry_price::text AS entry_price,
  exit_price::text AS exit_price, stop_loss::text AS stop_loss, take_profit::text AS take_profit,
  trailing_stop_pct::text AS trailing_stop_pct, close_reason, allocation_pct, pnl_pct::text AS pnl_pct, status, copied_count, skipped_count,
  copiers_pnl::text AS copiers_pnl, copiers_fees::text AS copiers_fees, opened_at, closed_at`, []);

/**
 * The trade engine's statements (SqlTradeEngine runs them): trades, the fan-out and the settlement, each composing
 * the money rules of domain/money-rules.ts.
 */
export const tradeEngineQueries = {
  /**
   * A fan-out or settlement of 100,000 copies may run longer than the request statement_timeout of the pool
   * (DB_STATEMENT_TIMEOUT_MS, 5 s): it sets its own for its transaction (apps/api LONGEST_STATEMENT_MS).
   */
  longStatementTimeout(): Sql<never> {
    return sql`SET LOCAL statement_timeout = '120s'`;
  },

  /**
   * Hash joins for a large settlement (on), and back to the defaults (off): the trade's positions were inserted after
   * the last ANALYZE, so the planner expects a handful; with the default work_mem (4 MB) the hashes would spill.
   */
  hashJoins(on: boolean): Sql<never> {
    return on ? sql`SET LOCAL enable_nestloop = off; SET LOCAL work_mem = '64MB'` : sql`SET LOCAL enable_nestloop TO DEFAULT; SET LOCAL work_mem TO DEFAULT`;
  },

  insertTrade(traderId: number, input: OpenTradeInput): Sql<{ id: string }> {
    return sql<{ id: string }>`INSERT INTO trader_trades (trader_id, market, symbol, pair, side, entry_price, allocation_pct, entry_quote_time, stop_loss, take_profit, trailing_stop_pct)
       VALUES (${traderId}, ${input.market}, ${input.symbol}, ${input.symbol}, ${input.side}, ${input.entryPrice}::numeric, ${input.allocationPct},
               ${input.quoteTime}, ${input.stopLoss}::numeric, ${input.takeProfit}::numeric,
               ${input.trailingStopPct === null ? null : String(input.trailingStopPct)}::numeric) RETURNING id::text AS id`;
  },

  /** The trade (`lock`: FOR UPDATE). */
  trade(tradeId: string, lock?: 'lock'): Sql<TradeRow> {
    return sql<TradeRow>`SELECT ${TRADE_COLUMNS_SQL} FROM trader_trades WHERE id = ${tradeId} ${lock ? sql`FOR UPDATE` : sql``}`;
  },

  closeTrade(tradeId: string, fill: CloseFill, pnlPct: string): Sql<never> {
    return sql`UPDATE trader_trades SET status = 'closed', exit_price = ${fill.exitPrice}::numeric, pnl_pct = ${pnlPct}::numeric, close_reason = ${fill.reason},
            exit_quote_time = ${fill.quoteTime}, closed_at = now() WHERE id = ${tradeId} AND status = 'open'`;
  },

  setLevels(tradeId: string, levels: { stopLoss: string | null; takeProfit: string | null; trailingStopPct: number | null }): Sql<never> {
    const trailingStopPct = levels.trailingStopPct === null ? null : String(levels.trailingStopPct);
    return sql`UPDATE trader_trades SET stop_loss = ${levels.stopLoss}::numeric, take_profit = ${levels.takeProfit}::numeric,
                 trailing_stop_pct = ${trailingStopPct}::numeric WHERE id = ${tradeId} AND status = 'open'`;
  },

  /**
   * The fan-out, one statement: every live copy's guard and size, then the positions and the skips (data-modifying
   * CTEs over the same materialised candidates), with the counts per skip reason (reason NULL: the positions).
   * Free equity = copy equity − Σ open positions; size and skips by money-rules (positionSizeSql, skipReasonSql).
   */
  fanOut(traderId: number, trade: Pick<TradeRecord, 'id' | 'allocationPct' | 'entryPrice'>, quoteTime: Date): Sql<{ reason: SkipReason | null; n: string; committed: string }> {
    const tradeId = trade.id;
    return sql<{ reason: SkipReason | null; n: string; committed: string }>`WITH live AS (
         SELECT c.id AS copy_id, c.follower_id, c.status, a.balance AS equity
         FROM copies c JOIN ${walletQueries.copyEquity()} a ON a.copy_id = c.id
         WHERE c.trader_id = ${traderId} AND c.status IN ('active', 'paused', 'stopping')
       ), committed AS (
         SELECT p.copy_id, sum(p.size)::bigint AS committed
         FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id
         WHERE t.trader_id = ${traderId} AND t.status = 'open' AND t.id <> ${tradeId} AND NOT p.settled
         GROUP BY p.copy_id
       ), guarded AS (
         SELECT s.user_id FROM copy_settings s
         WHERE s.daily_loss_limit IS NOT NULL
           AND s.user_id IN (SELECT follower_id FROM live WHERE status = 'active')
           AND ${dailyLossLimitReachedSql(realisedCopyPnlToday(sql`s.user_id`), sql`s.daily_loss_limit`)}
       ), sized AS (
         SELECT l.copy_id, l.follower_id, l.status, g.user_id IS NOT NULL AS guarded,
                ${positionSizeSql(sql`l.equity - coalesce(k.committed, 0)`, sql`${trade.allocationPct}::bigint`)} AS size
         FROM live l LEFT JOIN committed k ON k.copy_id = l.copy_id LEFT JOIN guarded g ON g.user_id = l.follower_id
       ), candidates AS MATERIALIZED (
         SELECT copy_id, follower_id, size, ${skipReasonSql(sql`status`, sql`guarded`, sql`size`)} AS reason
         FROM sized
       ), positions AS (
         INSERT INTO copy_positions (trade_id, copy_id, follower_id, size, fill_price, quote_time, delay_ms, slippage_bps)
         SELECT ${tradeId}::bigint, copy_id, follower_id, size, ${trade.entryPrice}::numeric, ${quoteTime}::timestamptz, 0, 0 FROM candidates WHERE reason IS NULL
         ORDER BY copy_id -- walks the (trade_id, copy_id) key and the copy_id index in order
         RETURNING size
       ), skips AS (
         INSERT INTO copy_skips (trade_id, copy_id, follower_id, reason)
         SELECT ${tradeId}::bigint, copy_id, follower_id, reason FROM candidates WHERE reason IS NOT NULL
         RETURNING reason
       )
       SELECT NULL AS reason, count(*) AS n, coalesce(sum(size), 0)::text AS committed FROM positions
       UNION ALL SELECT reason, count(*), '0' FROM skips GROUP BY reason`;
  },

  setCounts(tradeId: string, copied: number, skipped: number): Sql<never> {
    return sql`UPDATE trader_trades SET copied_count = ${copied}, skipped_count = ${skipped} WHERE id = ${tradeId}`;
  },

  /** The few copies a settlement trips or ends, kept aside for the cash return and the notices. */
  createSettlementFlags(): Sql<never> {
    return sql`CREATE TEMP TABLE copy_settlement_flags (copy_id uuid, follower_id uuid, account_id bigint, equity bigint,
                 stop_loss_hit boolean, ends boolean, take_profit_hit boolean) ON COMMIT DROP`;
  },

  dropSettlementFlags(): Sql<never> {
    return sql`DROP TABLE copy_settlement_flags`;
  },

  /**
   * The settlement, one statement (docs/copy-trading.md, "Settlement"): the positions, copies and accounts joined once,
   * every write a data-modifying CTE over that result (rules by domain/money-rules.ts):
   *  - each open position settles once (WHERE NOT settled): pnl = trunc(size × (exit − entry) × sign / entry) with
   *    numeric div() (exact, toward zero; never via the rounded pnlPct), a loss capped at the size; fee = the copy's
   *    own share % (the one it was opened with, product.md §10) of the equity gain above the high-water mark;
   *  - the copy's equity after the posting is known up front (equity + pnl − fee), so its mark, stop loss and end are
   *    decided in the same statement: the mark moves to the new equity when equity + pnl passes it; a stop loss trips
   *    when the new equity is at or below stop_loss_pct % of what was invested, a copy take profit when it is at or
   *    above (100 + take_profit_pct) % of it; a stopping (or tripped) copy ends when no position of another open
   *    trade is left; the tripped and ended copies are kept in copy_settlement_flags and returned (`flagged`);
   *  - the ledger: one trade_settlement transaction, one entry per copy (pnl net of profit share) against the market
   *    account (−Σ pnl) and the trader's cash (+Σ profit share); the posting trigger checks the zero sum and moves the
   *    cached balances at the end of the statement. Entries are inserted in account order so the (account_id, id)
   *    index is walked, not hopped.
   */
  settle(
    trade: Pick<TradeRecord, 'id' | 'entryPrice' | 'side'>,
    fill: CloseFill,
    accounts: { market: string; traderCash: string },
  ): Sql<SettlementTotalsRow> {
    const exitPrice = fill.exitPrice;
    const sign = trade.side === 'buy' ? 1 : -1;
    const marketAccount = accounts.market;
    const traderCashAccount = accounts.traderCash;
    const posting = ledgerSetPostings.ctes('posting', {
      type: 'trade_settlement',
      reference: `trade:${trade.id}`,
      description: `Settlement of trade ${trade.id} (pnl and profit share)`,
      when: sql`(SELECT moved > 0 OR pnl <> 0 OR fees <> 0 FROM tot)`,
      entries: sql`SELECT f.account_id, f.pnl - f.fee FROM f
                   UNION ALL SELECT ${marketAccount}::bigint, -tot.pnl FROM tot
                   UNION ALL SELECT ${traderCashAccount}::bigint, tot.fees FROM tot`,
    });
    return sql<SettlementTotalsRow>`WITH f AS MATERIALIZED (
         SELECT v.*, ${profitShareFeeSql(sql`equity + pnl`, sql`hwm`, sql`share_pct`)} AS fee
         FROM (SELECT p.copy_id, c.follower_id, a.id AS account_id, a.balance AS equity, c.high_water_mark AS hwm,
                      c.status, c.stop_loss_pct, c.take_profit_pct, c.invested, c.share_pct,
                      ${positionPnlSql(sql`p.size`, sql`coalesce(p.fill_price, ${trade.entryPrice}::numeric)`, sql`${exitPrice}::numeric`, sql`${sign}`)} AS pnl
               FROM copy_positions p JOIN copies c ON c.id = p.copy_id JOIN ${walletQueries.copyEquity()} a ON a.copy_id = p.copy_id
               WHERE p.trade_id = ${trade.id} AND NOT p.settled
               OFFSET 0) v -- not pulled up: the pnl is computed once per position, not in every use of it
       ), g0 AS (
         SELECT f.*, f.equity + f.pnl - f.fee AS after,
                (f.status <> 'stopping' AND ${stopLossHitSql(sql`f.equity + f.pnl - f.fee`, sql`f.invested`, sql`f.stop_loss_pct`)}) AS sl_hit,
                (f.status <> 'stopping' AND ${takeProfitHitSql(sql`f.equity + f.pnl - f.fee`, sql`f.invested`, sql`f.take_profit_pct`)}) AS tp_hit
         FROM f
       ), g AS (
         SELECT g0.*, g0.sl_hit OR g0.tp_hit AS hit FROM g0
       ), w AS (
         SELECT g.*, ${copyEndsSql(
                       sql`g.status = 'stopping'`,
                       sql`g.hit`,
                       sql`EXISTS (SELECT 1 FROM copy_positions o JOIN trader_trades t ON t.id = o.trade_id
                                   WHERE o.copy_id = g.copy_id AND o.trade_id <> ${trade.id} AND NOT o.settled AND t.status = 'open')`,
                     )} AS ends
         FROM g
       ), settled AS (
         UPDATE copy_positions p SET settled = true, pnl = f.pnl, fee = f.fee, settled_at = now(), exit_price = ${exitPrice}::numeric, close_reason = ${fill.reason}
         FROM f WHERE p.trade_id = ${trade.id} AND p.copy_id = f.copy_id AND NOT p.settled
         RETURNING 1
       ), marked AS (
         UPDATE copies c SET
           high_water_mark = ${highWaterMarkAfterSql(sql`w.equity + w.pnl`, sql`c.high_water_mark`, sql`w.fee`)},
           status = CASE WHEN w.ends THEN 'stopped' WHEN w.hit THEN 'stopping' ELSE c.status END,
           stop_reason = CASE WHEN w.sl_hit THEN 'stop_loss' WHEN w.tp_hit THEN 'take_profit' ELSE c.stop_reason END,
           ended_at = CASE WHEN w.ends THEN now() ELSE c.ended_at END,
           updated_at = now()
         FROM w WHERE c.id = w.copy_id AND (${aboveHighWaterMarkSql(sql`w.equity + w.pnl`, sql`c.high_water_mark`)} OR w.hit OR w.ends)
         RETURNING c.id, c.follower_id, w.account_id, w.after, w.sl_hit, w.ends, w.tp_hit
       ), flags AS (
         INSERT INTO copy_settlement_flags SELECT * FROM marked WHERE sl_hit OR tp_hit OR ends
         RETURNING copy_id, follower_id, stop_loss_hit, take_profit_hit, ends, equity
       ), tot AS (
         SELECT count(*) AS n, coalesce(sum(pnl), 0)::bigint AS pnl, coalesce(sum(fee), 0)::bigint AS fees,
                count(*) FILTER (WHERE pnl <> fee) AS moved
         FROM f
       ), ${posting}
       SELECT tot.n AS expected, (SELECT count(*) FROM settled) AS positions, tot.pnl::text AS pnl, tot.fees::text AS fees,
              (SELECT count(*) FILTER (WHERE ends) FROM flags) AS ended,
              (SELECT count(*) FILTER (WHERE stop_loss_hit OR take_profit_hit) FROM flags) AS hit,
              (SELECT coalesce(sum(equity) FILTER (WHERE ends), 0) FROM flags)::text AS returned,
              (SELECT coalesce(jsonb_agg(jsonb_build_object('copyId', copy_id, 'followerId', follower_id, 'stopLossHit', stop_loss_hit,
                                                            'takeProfitHit', take_profit_hit, 'ends', ends, 'equity', equity::text)), '[]'::jsonb)
                 FROM flags) AS flagged
       FROM tot`;
  },

  /** Cash accounts for the owners of the copies that ended with an equity to return. */
  copyReturnCashAccounts(): Sql<unknown> {
    return ledgerSetPostings.ensureCashAccounts(sql`SELECT follower_id FROM copy_settlement_flags WHERE ends AND equity > 0`);
  },

  /** copy_return: the remaining equity of the copies that ended with this close → their owners' cash. */
  copyReturns(tradeId: string): Sql<unknown> {
    return ledgerSetPostings.statement({
      type: 'copy_return',
      reference: `trade:${tradeId}`,
      description: `Copies ended with trade ${tradeId}`,
      entries: sql`SELECT f.account_id, -f.equity FROM copy_settlement_flags f WHERE f.ends AND f.equity > 0
                   UNION ALL
                   SELECT cash.id, f.equity FROM copy_settlement_flags f JOIN ${ledgerSetPostings.cashAccounts()} cash ON cash.owner_id = f.follower_id
                   WHERE f.ends AND f.equity > 0`,
    });
  },

  /** Adds a settlement's totals to the trade (a copy close-out's earlier positions are already in them). */
  addCopierTotals(tradeId: string, pnl: bigint, fees: bigint): Sql<never> {
    return sql`UPDATE trader_trades SET copiers_pnl = copiers_pnl + ${pnl.toString()}, copiers_fees = copiers_fees + ${fees.toString()} WHERE id = ${tradeId}`;
  },
};
