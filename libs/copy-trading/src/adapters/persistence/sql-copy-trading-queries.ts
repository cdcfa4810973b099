import { NEW_TRADER_CLOSED_TRADES } from '../../domain/risk-score';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { formatCents, pageOffset, runSql, Sql, sql, type Page, type PageQuery } from '@mirrorline/shared';
import { walletQueries } from '@mirrorline/wallet/sql';
import type { Quote } from '@mirrorline/market';
import { canonicalPrice, closePrice, dailyLossLimitReached, tradePnlPct, unrealizedPnl, type CloseReason, type TradeSide } from '../../domain/copy-math';
import {
  CopyTradingQueries,
  type CopiedTrade,
  type CopySettings,
  type DailyPnl,
  type Follower,
  type MyCopy,
  type SkipRecord,
  type TraderDetailsRow,
  type TraderStatsRow,
  type TraderTrade,
  type UserCopyFacts,
} from '../../application/ports/copy-trading-queries';
import type { SimulatedTrade } from '../../domain/copy-simulation';
import { positionPnlSql, realisedCopyPnlToday, sideSignSql } from '../../domain/money-rules';
import { allocationSlices, periodClosedStats, PERIODS, PERIOD_DAYS, type Period, type PeriodFacts } from '../../domain/discovery';
import { trimDecimal } from './sql-amount';
import { toTradeRecord } from './sql-trade-engine';
import { TRADE_COLUMNS_SQL } from './trade-engine.queries';
import { quotesRelation } from './sql-quotes';
import { PUBLIC_TRADER_SQL } from './public-traders.queries';
import { usersTable } from '@mirrorline/accounts/sql';

/** A position's unrealized pnl at its symbol's close side (money-rules' positionPnlSql). */
const UPNL = positionPnlSql(
  sql`p.size`,
  sql`coalesce(p.fill_price, t.entry_price)`,
  sql`CASE WHEN t.side = 'buy' THEN q.bid ELSE q.ask END`,
  sideSignSql(sql`t.side`),
);

/**
 * Σ unrealized pnl (cents) of the open positions of the copies selected by `copyFilter` (alias p), each marked
 * at the close side of its symbol's quote (unnest of the bound quote arrays); positions without a quote add 0.
 */
const UNREALIZED_OF = (copyFilter: Sql<unknown>, quotes: readonly Quote[]): Sql<{ upnl: string }> => sql`
  SELECT coalesce(sum(${UPNL}), 0)::bigint AS upnl
  FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id AND t.status = 'open'
  JOIN (SELECT * FROM ${quotesRelation(quotes)}) q ON q.symbol = t.symbol
  WHERE ${copyFilter} AND NOT p.settled`;

/** The mark of a side from the quotes by symbol (close side), or null without a fresh quote. */
function markOf(quotes: ReadonlyMap<string, Quote>, symbol: string, side: string): string | null {
  const quote = quotes.get(symbol);
  return quote ? canonicalPrice(closePrice(side as TradeSide, quote)) : null;
}

const bySymbol = (quotes: readonly Quote[]): Map<string, Quote> => new Map(quotes.map((q) => [q.symbol, q]));

/** The wallet's relation (copy_id, balance): each copy's equity account. */
const COPY_EQUITY = walletQueries.copyEquity();

/**
 * The periods of discovery as a relation (period, start, day_start): `start` bounds the rolling windows of the
 * trades closed in the period, `day_start` the UTC days of its daily returns; `all` starts at -infinity.
 */
const PERIOD_ROWS = new Sql<never>(`(VALUES ${PERIODS.map((p) => {
  const days = PERIOD_DAYS[p];
  return days === null
    ? `('${p}', '-infinity'::timestamptz, '-infinity'::timestamptz)`
    : `('${p}', now() - interval '${days} days', ((now() AT TIME ZONE 'UTC')::date - ${days - 1})::timestamp AT TIME ZONE 'UTC')`;
}).join(', ')}) pr(period, start, day_start)`, []);

/**
 * What the statistics of a trader are made of (domain/trader-stats.ts marks them to the market), for each period
 * of discovery (domain/discovery.ts; `all` is the whole record, the trader page's). A trade's return on a copier's
 * equity is pnlPct × allocationPct / 100; of the trades closed in a period, the ROI sums them, the curve compounds
 * them in close order from 1 at the period's start (its drawdown, last point and peak), and the Sharpe ratio takes
 * the sums of their daily totals; the daily PnL sums them per UTC day; the allocation sums the allocationPct of the
 * trades held in the period (open now, or closed in it) by symbol; the open trades come as they are, oldest first.
 * Followers and assets come from live copies; copiers' pnl from the per-trade totals the settlement stores (no scan
 * of positions). Joins the trader's user for PUBLIC_TRADER.
 */
const TRADER_SELECT = sql`
  SELECT tp.id, tp.name, tp.description, tp.trader_type, tp.strategy_summary, tp.strategy_explanation, tp.image,
         tp.share_pct, tp.max_copiers, tp.min_copy_amount::text AS min_copy_amount,
         ps.periods, dr.daily_sums, al.allocation,
         (SELECT min(opened_at) FROM trader_trades WHERE trader_id = tp.id) AS first_trade_at,
         coalesce(fl.followers, 0) AS followers, coalesce(fl.assets, 0)::text AS assets,
         days.daily, rk.returns30, op.open_trades
  FROM trader_profiles tp
  JOIN ${usersTable} u ON u.id = tp.user_id
  LEFT JOIN LATERAL (
    SELECT json_object_agg(period, json_build_object('closed', closed, 'wins', wins, 'roi', roi, 'copiersNet', copiers_net,
                                                     'maxDd', max_dd, 'peakEq', peak_eq, 'lastEq', last_eq)) AS periods
    FROM (
      SELECT period, count(id) AS closed, count(id) FILTER (WHERE pnl_pct > 0) AS wins, coalesce(sum(r), 0) AS roi,
             coalesce(sum(net), 0)::text AS copiers_net,
             coalesce(max(1 - eq / greatest(peak, 1)) * 100, 0) AS max_dd, coalesce(max(eq), 1) AS peak_eq,
             coalesce((array_agg(eq ORDER BY closed_at DESC, id DESC))[1], 1) AS last_eq
      FROM (
        SELECT pr.period, c.id, c.closed_at, c.pnl_pct, c.r, c.net, c.eq,
               max(c.eq) OVER (PARTITION BY pr.period ORDER BY c.closed_at, c.id) AS peak
        FROM ${PERIOD_ROWS}
        LEFT JOIN LATERAL (
          SELECT id, closed_at, pnl_pct, pnl_pct * allocation_pct / 100 AS r, copiers_pnl - copiers_fees AS net,
                 exp(sum(ln(greatest(1 + pnl_pct::float8 * allocation_pct / 10000, 0.0001))) OVER (ORDER BY closed_at, id)) AS eq
          FROM trader_trades WHERE trader_id = tp.id AND status = 'closed' AND closed_at >= pr.start
        ) c ON true
      ) curve
      GROUP BY period
    ) per
  ) ps ON true
  LEFT JOIN LATERAL (
    SELECT json_object_agg(pr.period, json_build_object('sum', coalesce(x.s, 0), 'sumSq', coalesce(x.sq, 0))) AS daily_sums
    FROM ${PERIOD_ROWS}
    LEFT JOIN LATERAL (
      SELECT sum(r) AS s, sum(r * r) AS sq FROM (
        SELECT sum(pnl_pct * allocation_pct / 100)::float8 AS r FROM trader_trades
        WHERE trader_id = tp.id AND status = 'closed' AND closed_at >= pr.day_start
        GROUP BY (closed_at AT TIME ZONE 'UTC')::date
      ) d
    ) x ON true
  ) dr ON true
  LEFT JOIN LATERAL (
    SELECT json_object_agg(period, slices) AS allocation FROM (
      SELECT pr.period, coalesce(json_agg(json_build_object('market', a.market, 'symbol', a.symbol, 'trades', a.trades, 'weight', a.weight))
                                  FILTER (WHERE a.symbol IS NOT NULL), '[]') AS slices
      FROM ${PERIOD_ROWS}
      LEFT JOIN LATERAL (
        SELECT market, symbol, count(*) AS trades, sum(allocation_pct)::float8 AS weight FROM trader_trades
        WHERE trader_id = tp.id AND (status = 'open' OR (status = 'closed' AND closed_at >= pr.start))
        GROUP BY market, symbol
      ) a ON true
      GROUP BY pr.period
    ) s
  ) al ON true
  LEFT JOIN (
    -- Grouped once for every trader (the join qual on trader_id reaches it for one trader's page): as a lateral,
    -- each trader's row joined its copies to all the ledger's accounts again (9 traders: 9 scans of 200,000).
    SELECT c.trader_id, count(*) AS followers, sum(a.balance) AS assets
    FROM copies c JOIN ${COPY_EQUITY} a ON a.copy_id = c.id
    WHERE c.status <> 'stopped'
    GROUP BY c.trader_id
  ) fl ON fl.trader_id = tp.id
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'label', to_char(d.day, 'Mon DD'),
                                      'pnl', round(coalesce(x.pnl, 0), 2)) ORDER BY d.day) AS daily
    FROM generate_series((now() AT TIME ZONE 'UTC')::date - 9, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
    LEFT JOIN (
      SELECT (closed_at AT TIME ZONE 'UTC')::date AS day, sum(pnl_pct * allocation_pct / 100) AS pnl
      FROM trader_trades
      WHERE trader_id = tp.id AND status = 'closed' AND closed_at >= now() - interval '11 days'
      GROUP BY 1
    ) x ON x.day = d.day::date
  ) days ON true
  LEFT JOIN LATERAL (
    SELECT json_agg(round(coalesce(x.r, 0), 6) ORDER BY d.day) AS returns30
    FROM generate_series((now() AT TIME ZONE 'UTC')::date - 29, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
    LEFT JOIN (
      SELECT (closed_at AT TIME ZONE 'UTC')::date AS day, sum(pnl_pct * allocation_pct / 100) AS r
      FROM trader_trades
      WHERE trader_id = tp.id AND status = 'closed' AND closed_at >= now() - interval '31 days'
      GROUP BY 1
    ) x ON x.day = d.day::date
  ) rk ON true
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('symbol', symbol, 'side', side, 'entry', entry_price::text, 'alloc', allocation_pct, 'market', market)
                    ORDER BY opened_at, id) AS open_trades
    FROM trader_trades WHERE trader_id = tp.id AND status = 'open'
  ) op ON true`;

interface TraderRow {
  id: number;
  name: string;
  description: string;
  trader_type: string;
  strategy_summary: string;
  strategy_explanation: string;
  image: string | null;
  share_pct: number;
  max_copiers: number;
  min_copy_amount: string;
  periods: Record<Period, { closed: number; wins: number; roi: number | string; copiersNet: string; maxDd: number; peakEq: number; lastEq: number }>;
  daily_sums: Record<Period, { sum: number; sumSq: number }>;
  allocation: Record<Period, Array<{ market: string; symbol: string; trades: number; weight: number }>>;
  first_trade_at: Date | string | null;
  followers: string;
  assets: string;
  daily: Array<{ date: string; label: string; pnl: number }> | null;
  returns30: Array<number | string> | null;
  open_trades: Array<{ symbol: string; side: TradeSide; entry: string; alloc: number; market: string }> | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const round2 = (value: number | string): number => Math.round(Number(value) * 100) / 100;

function periodFacts(row: TraderRow, period: Period): PeriodFacts {
  const p = row.periods[period];
  const d = row.daily_sums[period];
  return {
    closedTrades: Number(p.closed),
    wins: Number(p.wins),
    roi: Number(p.roi),
    curveLast: Number(p.lastEq),
    curvePeak: Number(p.peakEq),
    maxDrawdown: Number(p.maxDd),
    copiersNet: formatCents(p.copiersNet),
    sumDaily: Number(d.sum),
    sumSqDaily: Number(d.sumSq),
  };
}

const perPeriod = <T>(of: (period: Period) => T): Record<Period, T> => Object.fromEntries(PERIODS.map((p) => [p, of(p)])) as Record<Period, T>;

function toStatsRow(row: TraderRow): TraderStatsRow {
  const periods = perPeriod((p) => periodFacts(row, p));
  const daily: DailyPnl[] = (row.daily ?? []).map((d) => ({ date: d.date, label: d.label, pnl: Number(d.pnl) }));
  const assets = formatCents(row.assets);
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    traderType: row.trader_type,
    strategySummary: row.strategy_summary,
    strategyExplanation: row.strategy_explanation,
    image: row.image,
    share: Number(row.share_pct),
    maxCopiers: Number(row.max_copiers),
    minCopyAmount: formatCents(row.min_copy_amount),
    minCopyCents: BigInt(row.min_copy_amount),
    followers: Number(row.followers),
    copiers: Number(row.followers),
    assetsCopying: assets,
    aum: assets,
    historyStart: iso(row.first_trade_at),
    dayLabels: daily.map((d) => d.label),
    dailyPnls: daily.map((d) => d.pnl),
    daily,
    newTrader: periods.all.closedTrades < NEW_TRADER_CLOSED_TRADES,
    // The whole record's, with the 30-day ROI's window: the risk score and roi30d are marked from it.
    closedStats: { ...periodClosedStats(periods.all, (row.returns30 ?? []).map(Number)), roi30: periods['30d'].roi },
    periods,
    allocation: perPeriod((p) => allocationSlices((row.allocation[p] ?? []).map((a) => ({ ...a, trades: Number(a.trades), weight: Number(a.weight) })))),
    openTradeFacts: (row.open_trades ?? []).map((t) => ({
      symbol: t.symbol,
      side: t.side,
      entryPrice: trimDecimal(t.entry),
      allocationPct: Number(t.alloc),
      market: t.market,
    })),
  };
}


/**
 * A page and its total in one statement. `count(*) OVER ()` on the page query counted the rows that
 * query produced, and a page past the end produces none, so its total read 0. Here the count runs on
 * its own and the page (numbered by `page_row`, in the page's order) is LEFT JOINed to it: a page past
 * the end is a single row with the total and no item.
 */
const paged = <R>(countSql: Sql<unknown>, pageSql: Sql<unknown>): Sql<R & PagedRow> =>
  sql`SELECT n.total, pg.* FROM (${countSql}) n LEFT JOIN (${pageSql}) pg ON true ORDER BY pg.page_row`;

interface PagedRow {
  total: string;
  page_row: string | null;
}

function pageRows<R extends PagedRow>(rows: R[]): { total: number; rows: R[] } {
  return { total: rows.length ? Number(rows[0].total) : 0, rows: rows.filter((r) => r.page_row !== null) };
}

@Injectable()
export class SqlCopyTradingQueries extends CopyTradingQueries {
  constructor(private readonly em: EntityManager) {
    super();
  }

  /**
   * Reads join the transaction of the current async context when there is one (`em.execute` resolves it), so a
   * money-moving request that answers with a read (the copy after its funds moved) reads its own uncommitted
   * effect inside its enclosing transaction (UnitOfWork.enclose); elsewhere they run on a pooled connection.
   */
  private run<T>(query: Sql<T>): Promise<T[]> {
    return runSql(this.em, query);
  }

  async publicTraders(): Promise<TraderStatsRow[]> {
    return (await this.run(sql<TraderRow>`${TRADER_SELECT} WHERE ${PUBLIC_TRADER_SQL}`)).map(toStatsRow);
  }

  async traderStats(id: number): Promise<TraderDetailsRow | null> {
    // Blocked, deleted, demoted or not KYC-Verified traders are not public: their page is a 404 like a missing one.
    const [row] = await this.run(sql<TraderRow>`${TRADER_SELECT} WHERE tp.id = ${id} AND ${PUBLIC_TRADER_SQL}`);
    if (!row) return null;
    const recent = await this.run(sql<{ id: string; market: string; pair: string; side: string; pnl_pct: string; closed_at: Date }>`SELECT id::text AS id, market, pair, side, pnl_pct::text AS pnl_pct, closed_at FROM trader_trades
       WHERE trader_id = ${id} AND status = 'closed' ORDER BY closed_at DESC, id DESC LIMIT 20`);
    return {
      ...toStatsRow(row),
      recentTrades: recent.map((r) => ({
        id: r.id,
        market: r.market,
        pair: r.pair,
        side: r.side,
        pnlPct: round2(r.pnl_pct),
        closedAt: new Date(r.closed_at).toISOString(),
      })),
    };
  }

  async myCopies(userId: string, quotes: readonly Quote[]): Promise<MyCopy[]> {
    const rows = await this.run(sql<{
      upnl: string;
      id: string; trader_id: number; name: string; image: string | null; status: MyCopy['status']; invested: string; equity: string | null;
      committed: string; hwm: string; pnl: string; fees: string; open: string; stop_loss_pct: number | null; take_profit_pct: number | null; stop_reason: string | null;
      share_pct: number; trader_share_pct: number; created_at: Date; ended_at: Date | null;
    }>`SELECT c.id, c.trader_id, tp.name, tp.image, c.status, c.invested::text AS invested, a.balance::text AS equity,
              c.high_water_mark::text AS hwm, c.stop_loss_pct, c.take_profit_pct, c.stop_reason, c.created_at, c.ended_at,
              c.share_pct, tp.share_pct AS trader_share_pct,
              coalesce(p.committed, 0)::text AS committed, coalesce(p.pnl, 0)::text AS pnl, coalesce(p.fees, 0)::text AS fees,
              coalesce(p.open, 0) AS open, ${quotes.length ? sql`u.upnl::text` : sql`'0'`} AS upnl
       FROM copies c
       JOIN trader_profiles tp ON tp.id = c.trader_id
       LEFT JOIN ${COPY_EQUITY} a ON a.copy_id = c.id
       LEFT JOIN LATERAL (
         SELECT sum(size) FILTER (WHERE NOT settled) AS committed, count(*) FILTER (WHERE NOT settled) AS open,
                sum(pnl - fee) FILTER (WHERE settled) AS pnl, sum(fee) FILTER (WHERE settled) AS fees
         FROM copy_positions WHERE copy_id = c.id
       ) p ON true
       ${quotes.length ? sql`LEFT JOIN LATERAL (${UNREALIZED_OF(sql`p.copy_id = c.id`, quotes)}) u ON true` : sql``}
       WHERE c.follower_id = ${userId}
       ORDER BY (c.status = 'stopped'), c.created_at DESC`);
    return rows.map((r) => {
      const equity = BigInt(r.equity ?? 0);
      return {
        id: r.id,
        traderId: Number(r.trader_id),
        traderName: r.name,
        traderImage: r.image,
        status: r.status,
        invested: formatCents(r.invested),
        equity: formatCents(equity),
        freeEquity: formatCents(equity - BigInt(r.committed)),
        highWaterMark: formatCents(r.hwm),
        pnl: formatCents(r.pnl),
        feesPaid: formatCents(r.fees),
        openPositions: Number(r.open),
        unrealizedPnl: formatCents(r.upnl ?? '0'),
        liveEquity: formatCents(equity + BigInt(r.upnl ?? '0')),
        stopLossPct: r.stop_loss_pct === null ? null : Number(r.stop_loss_pct),
        takeProfitPct: r.take_profit_pct === null ? null : Number(r.take_profit_pct),
        stopReason: r.stop_reason,
        share: Number(r.share_pct),
        traderShare: Number(r.trader_share_pct),
        createdAt: iso(r.created_at)!,
        endedAt: iso(r.ended_at),
      };
    });
  }

  async tradesSince(traderId: number, from: Date, limit: number): Promise<SimulatedTrade[]> {
    const rows = await this.run(sql<{
      id: string; symbol: string; side: 'buy' | 'sell'; allocation_pct: number; entry_price: string; opened_at: Date; exit_price: string | null; closed_at: Date | null;
    }>`SELECT id::text AS id, symbol, side, allocation_pct, trim_scale(entry_price)::text AS entry_price, opened_at,
              trim_scale(exit_price)::text AS exit_price, closed_at
       FROM trader_trades WHERE trader_id = ${traderId} AND opened_at >= ${from} ORDER BY opened_at, id LIMIT ${limit}`);
    return rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      side: r.side,
      allocationPct: Number(r.allocation_pct),
      entryPrice: r.entry_price,
      openedAt: new Date(r.opened_at),
      exitPrice: r.exit_price,
      closedAt: r.closed_at === null ? null : new Date(r.closed_at),
    }));
  }

  async myTrades(
    userId: string,
    page: PageQuery,
    quotes: readonly Quote[],
    filter: { status?: 'open' | 'closed'; positionId?: string } = {},
  ): Promise<Page<CopiedTrade>> {
    const marks = bySymbol(quotes);
    const { status, positionId } = filter;
    if (positionId !== undefined && !/^[1-9][0-9]{0,17}$/.test(positionId)) return { items: [], total: 0, page: page.page, limit: page.limit };
    // the WHERE both statements share (the count's and the page's)
    const where = sql`p.copy_id IN (SELECT id FROM copies WHERE follower_id = ${userId})
                      ${status === 'open' ? sql`AND NOT p.settled` : status === 'closed' ? sql`AND p.settled` : sql``}
                      ${positionId ? sql`AND p.id = ${positionId}` : sql``}`;
    const result = await this.run<{
      id: string; copy_id: string; trade_id: string; trader_id: number; name: string; market: string; symbol: string; side: string;
      entry_price: string; exit_price: string | null; fill_price: string | null; quote_time: Date | null; delay_ms: number; slippage_bps: string;
      close_reason: CloseReason | null; size: string; settled: boolean; pnl: string | null; fee: string | null;
      pnl_pct: string | null; copy_pct: string | null; opened_at: Date; settled_at: Date | null;
    } & PagedRow>(
      paged(
        sql`SELECT count(*) AS total FROM copy_positions p WHERE ${where}`,
        sql`SELECT p.id::text AS id, p.copy_id, p.trade_id::text AS trade_id, t.trader_id, tp.name, t.market, t.symbol, t.side,
              t.entry_price::text AS entry_price, coalesce(p.exit_price, t.exit_price)::text AS exit_price,
              p.fill_price::text AS fill_price, coalesce(p.quote_time, t.entry_quote_time) AS quote_time, p.delay_ms,
              p.slippage_bps::text AS slippage_bps, p.close_reason, p.size::text AS size, p.settled,
              p.pnl::text AS pnl, p.fee::text AS fee, t.pnl_pct::text AS pnl_pct,
              CASE WHEN p.settled THEN round(p.pnl::numeric * 100 / p.size, 4)::text END AS copy_pct,
              p.opened_at, p.settled_at, row_number() OVER (ORDER BY p.id DESC) AS page_row
         FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id JOIN trader_profiles tp ON tp.id = t.trader_id
         WHERE ${where}
         ORDER BY p.id DESC LIMIT ${page.limit} OFFSET ${pageOffset(page)}`,
      ),
    );
    const { total, rows } = pageRows(result);
    return {
      items: rows.map((r) => {
        const traderFill = trimDecimal(r.entry_price);
        const copierFill = r.fill_price === null ? traderFill : trimDecimal(r.fill_price);
        const mark = r.settled ? null : markOf(marks, r.symbol, r.side);
        return {
        id: r.id,
        copyId: r.copy_id,
        tradeId: r.trade_id,
        traderId: Number(r.trader_id),
        traderName: r.name,
        market: r.market,
        symbol: r.symbol,
        pair: r.symbol,
        side: r.side,
        entryPrice: copierFill,
        exitPrice: r.exit_price === null ? null : trimDecimal(r.exit_price),
        closeReason: r.close_reason,
        receipt: {
          traderFill,
          copierFill,
          quoteTime: iso(r.quote_time),
          delayMs: Number(r.delay_ms),
          slippageBps: Number(r.slippage_bps).toFixed(2),
        },
        markPrice: mark,
        unrealizedPnl: mark === null ? null : formatCents(unrealizedPnl(BigInt(r.size), copierFill, mark, r.side as TradeSide)),
        size: formatCents(r.size),
        status: r.settled ? 'closed' : 'open',
        pnl: r.pnl === null ? null : formatCents(r.pnl),
        fee: r.fee === null ? null : formatCents(r.fee),
        pnlPct: r.copy_pct === null ? null : Number(r.copy_pct),
        traderPnlPct: r.pnl_pct === null ? null : Number(r.pnl_pct),
        divergencePct: r.copy_pct === null || r.pnl_pct === null ? null : Math.round((Number(r.copy_pct) - Number(r.pnl_pct)) * 10000) / 10000,
        openedAt: iso(r.opened_at)!,
        closedAt: iso(r.settled_at),
        };
      }),
      total,
      page: page.page,
      limit: page.limit,
    };
  }

  async mySkips(userId: string, page: PageQuery): Promise<Page<SkipRecord>> {
    const { total, rows } = pageRows(
      await this.run<{ trade_id: string; copy_id: string; name: string; pair: string; reason: string; created_at: Date } & PagedRow>(
        paged(
          sql`SELECT count(*) AS total FROM copy_skips s WHERE s.follower_id = ${userId}`,
          sql`SELECT s.trade_id::text AS trade_id, s.copy_id, tp.name, t.pair, s.reason, s.created_at, row_number() OVER (ORDER BY s.id DESC) AS page_row
           FROM copy_skips s JOIN trader_trades t ON t.id = s.trade_id JOIN trader_profiles tp ON tp.id = t.trader_id
           WHERE s.follower_id = ${userId} ORDER BY s.id DESC LIMIT ${page.limit} OFFSET ${pageOffset(page)}`,
        ),
      ),
    );
    return {
      items: rows.map((r) => ({ tradeId: r.trade_id, copyId: r.copy_id, traderName: r.name, pair: r.pair, reason: r.reason, createdAt: iso(r.created_at)! })),
      total,
      page: page.page,
      limit: page.limit,
    };
  }

  async traderTrades(traderId: number, page: PageQuery, quotes: readonly Quote[], status?: 'open' | 'closed'): Promise<Page<TraderTrade>> {
    const marks = bySymbol(quotes);
    const where = status ? sql`trader_id = ${traderId} AND status = ${status}` : sql`trader_id = ${traderId}`;
    // Qualified: a bare `id` in ORDER BY would be the text output column (id::text AS id), so '9' before '10'.
    const { total, rows } = pageRows(
      await this.run<Parameters<typeof toTradeRecord>[0] & PagedRow>(
        paged(
          sql`SELECT count(*) AS total FROM trader_trades WHERE ${where}`,
          sql`SELECT ${TRADE_COLUMNS_SQL}, row_number() OVER (ORDER BY trader_trades.id DESC) AS page_row FROM trader_trades
           WHERE ${where} ORDER BY trader_trades.id DESC LIMIT ${page.limit} OFFSET ${pageOffset(page)}`,
        ),
      ),
    );
    const items = rows.map((row): TraderTrade => {
      const trade = toTradeRecord(row);
      const mark = trade.status === 'open' ? markOf(marks, trade.symbol, trade.side) : null;
      return { ...trade, markPrice: mark, unrealizedPnlPct: mark === null ? null : tradePnlPct(trade.entryPrice, mark, trade.side) };
    });
    return { items, total, page: page.page, limit: page.limit };
  }

  async unrealizedPnlOf(userId: string, quotes: readonly Quote[]): Promise<bigint> {
    if (!quotes.length) return 0n;
    const [row] = await this.run(UNREALIZED_OF(sql`p.copy_id IN (SELECT id FROM copies WHERE follower_id = ${userId})`, quotes));
    return BigInt(row?.upnl ?? 0);
  }

  async followers(traderId: number, page: PageQuery): Promise<Page<Follower>> {
    const { total, rows } = pageRows(
      await this.run<
        {
          id: string; follower_id: string; username: string; status: Follower['status']; invested: string; equity: string | null;
          pnl: string; fees: string; created_at: Date;
        } & PagedRow
      >(
        paged(
          sql`SELECT count(*) AS total FROM copies c WHERE c.trader_id = ${traderId}`,
          sql`SELECT c.id, c.follower_id, u.username, c.status, c.invested::text AS invested, a.balance::text AS equity,
                  coalesce(p.pnl, 0)::text AS pnl, coalesce(p.fees, 0)::text AS fees, c.created_at,
                  row_number() OVER (ORDER BY (c.status = 'stopped'), c.created_at DESC, c.id) AS page_row
           FROM copies c JOIN ${usersTable} u ON u.id = c.follower_id
           LEFT JOIN ${COPY_EQUITY} a ON a.copy_id = c.id
           LEFT JOIN LATERAL (
             SELECT sum(pnl - fee) AS pnl, sum(fee) AS fees FROM copy_positions WHERE copy_id = c.id AND settled
           ) p ON true
           WHERE c.trader_id = ${traderId}
           ORDER BY (c.status = 'stopped'), c.created_at DESC, c.id LIMIT ${page.limit} OFFSET ${pageOffset(page)}`,
        ),
      ),
    );
    return {
      items: rows.map((r) => ({
        copyId: r.id,
        userId: r.follower_id,
        username: r.username,
        status: r.status,
        invested: formatCents(r.invested),
        equity: formatCents(r.equity ?? 0),
        pnl: formatCents(r.pnl),
        feesPaid: formatCents(r.fees),
        since: iso(r.created_at)!,
      })),
      total,
      page: page.page,
      limit: page.limit,
    };
  }

  async settings(userId: string): Promise<CopySettings> {
    const [row] = await runSql(
      this.em,
      sql<{ limit: string | null; today: string }>`SELECT (SELECT daily_loss_limit::text FROM copy_settings WHERE user_id = ${userId}) AS limit,
              ${realisedCopyPnlToday(userId)}::text AS today`,
    );
    return {
      dailyLossLimit: row.limit === null ? null : formatCents(row.limit),
      todayPnl: formatCents(row.today),
      limitReached: dailyLossLimitReached(BigInt(row.today), row.limit === null ? null : BigInt(row.limit)),
    };
  }

  async userFacts(userId: string): Promise<UserCopyFacts> {
    const [row] = await this.run(sql<{ trader_id: number | null; copies: string[] | null; copied: string }>`SELECT (SELECT id FROM trader_profiles WHERE user_id = ${userId}) AS trader_id,
              (SELECT array_agg(id::text ORDER BY created_at) FROM copies WHERE follower_id = ${userId} AND status <> 'stopped') AS copies,
              (SELECT count(*) FROM copies c JOIN copy_positions p ON p.copy_id = c.id WHERE c.follower_id = ${userId}) AS copied`);
    return { traderID: row.trader_id === null ? null : Number(row.trader_id), copyID: row.copies ?? [], copiedTrades: Number(row.copied) };
  }
}
