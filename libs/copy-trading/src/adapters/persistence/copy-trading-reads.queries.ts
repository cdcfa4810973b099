import { pageOffset, Sql, sql, type CopiesTable, type CopyPositionsTable, type PageQuery, type TraderProfilesTable, type TraderTradesTable } from '@mirrorline/shared';
import { walletQueries } from '@mirrorline/wallet/sql';
import { usersTable } from '@mirrorline/accounts/sql';
import type { Quote } from '@mirrorline/market';
import type { Follower, MyCopy } from '../../application/ports/copy-trading-queries';
import type { CloseReason, TradeSide } from '../../domain/copy-math';
import { positionPnlSql, realisedCopyPnlToday, sideSignSql } from '../../domain/money-rules';
import { PERIODS, PERIOD_DAYS, type Period } from '../../domain/discovery';
import { TRADE_COLUMNS_SQL, type TradeRow } from './trade-engine.queries';
import { quotesRelation } from './quotes.queries';
import { PUBLIC_TRADER_SQL } from './public-traders.queries';

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
         days.daily, days.returns30, op.open_trades
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
    -- One pass over the last 30 UTC days: the daily PnL chart shows the last 10 of them, the ranking's returns all 30.
    SELECT json_agg(json_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'label', to_char(d.day, 'Mon DD'),
                                      'pnl', round(coalesce(x.r, 0), 2)) ORDER BY d.day)
             FILTER (WHERE d.day >= (now() AT TIME ZONE 'UTC')::date - 9) AS daily,
           json_agg(round(coalesce(x.r, 0), 6) ORDER BY d.day) AS returns30
    FROM generate_series((now() AT TIME ZONE 'UTC')::date - 29, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
    LEFT JOIN (
      SELECT (closed_at AT TIME ZONE 'UTC')::date AS day, sum(pnl_pct * allocation_pct / 100) AS r
      FROM trader_trades
      WHERE trader_id = tp.id AND status = 'closed' AND closed_at >= now() - interval '31 days'
      GROUP BY 1
    ) x ON x.day = d.day::date
  ) days ON true
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('symbol', symbol, 'side', side, 'entry', entry_price::text, 'alloc', allocation_pct, 'market', market)
                    ORDER BY opened_at, id) AS open_trades
    FROM trader_trades WHERE trader_id = tp.id AND status = 'open'
  ) op ON true`;

/** A trader with the facts of its statistics (TRADER_SELECT). */
export type TraderRow = Pick<
  TraderProfilesTable,
  'id' | 'name' | 'description' | 'trader_type' | 'strategy_summary' | 'strategy_explanation' | 'image' | 'share_pct' | 'max_copiers' | 'min_copy_amount'
> & {
  periods: Record<Period, { closed: number; wins: number; roi: number | string; copiersNet: string; maxDd: number; peakEq: number; lastEq: number }>;
  daily_sums: Record<Period, { sum: number; sumSq: number }>;
  allocation: Record<Period, Array<{ market: string; symbol: string; trades: number; weight: number }>>;
  first_trade_at: Date | string | null;
  followers: string;
  assets: string;
  daily: Array<{ date: string; label: string; pnl: number }> | null;
  returns30: Array<number | string> | null;
  open_trades: Array<{ symbol: string; side: TradeSide; entry: string; alloc: number; market: string }> | null;
};

/**
 * A page and its total in one statement. `count(*) OVER ()` on the page query counted the rows that
 * query produced, and a page past the end produces none, so its total read 0. Here the count runs on
 * its own and the page (numbered by `page_row`, in the page's order) is LEFT JOINed to it: a page past
 * the end is a single row with the total and no item.
 */
const paged = <R>(countSql: Sql<unknown>, pageSql: Sql<unknown>): Sql<R & PagedRow> =>
  sql`SELECT n.total, pg.* FROM (${countSql}) n LEFT JOIN (${pageSql}) pg ON true ORDER BY pg.page_row`;

export interface PagedRow {
  total: string;
  page_row: string | null;
}


/** A trader's last closed trades (the trader page). */
export type RecentTradeRow = Pick<TraderTradesTable, 'market' | 'pair' | 'side'> & { id: string; pnl_pct: string; closed_at: Date };

/** A copy of the follower, with its trader, equity, positions' totals and unrealized pnl (cents as text). */
export type MyCopyRow = Pick<CopiesTable, 'id' | 'trader_id' | 'stop_loss_pct' | 'take_profit_pct' | 'stop_reason' | 'share_pct' | 'created_at' | 'ended_at'> & {
  upnl: string;
  name: string;
  image: string | null;
  status: MyCopy['status'];
  invested: string;
  equity: string | null;
  committed: string;
  hwm: string;
  pnl: string;
  fees: string;
  open: string;
  trader_share_pct: number;
};

/** A trade the simulation replays (prices trimmed). */
export type SimulatedTradeRow = Pick<TraderTradesTable, 'symbol' | 'allocation_pct' | 'opened_at' | 'closed_at'> & {
  id: string;
  side: 'buy' | 'sell';
  entry_price: string;
  exit_price: string | null;
};

/** One of the follower's copied positions, with its trade and trader. */
export type CopiedTradeRow = Pick<CopyPositionsTable, 'copy_id' | 'delay_ms' | 'settled' | 'opened_at' | 'settled_at'> &
  Pick<TraderTradesTable, 'trader_id' | 'market' | 'symbol' | 'side'> & {
    id: string;
    trade_id: string;
    name: string;
    entry_price: string;
    exit_price: string | null;
    fill_price: string | null;
    quote_time: Date | null;
    slippage_bps: string;
    close_reason: CloseReason | null;
    size: string;
    pnl: string | null;
    fee: string | null;
    pnl_pct: string | null;
    copy_pct: string | null;
  };

/** A skipped copy of a trade, with the trade's pair and trader. */
export type SkipRow = { trade_id: string; copy_id: string; name: string; pair: string; reason: string; created_at: Date };

/** A copier of the trader, with the copy's equity and settled totals. */
export type FollowerRow = Pick<CopiesTable, 'id' | 'follower_id' | 'created_at'> & {
  username: string;
  status: Follower['status'];
  invested: string;
  equity: string | null;
  pnl: string;
  fees: string;
};

/** What the access token and user/get say of a user's copy trading. */
export type UserFactsRow = { trader_id: number | null; copies: string[] | null; copied: string };

/** Which positions of the follower a page lists: open, closed or all, or one of them. */
export interface CopiedTradesFilter {
  status?: 'open' | 'closed';
  positionId?: string;
}

/** The read side's statements (SqlCopyTradingQueries runs them and maps their rows to the API's shapes). */
export const copyTradingReadsQueries = {
  /** Every public trader with the facts of its statistics. */
  publicTraders(): Sql<TraderRow> {
    return sql<TraderRow>`${TRADER_SELECT} WHERE ${PUBLIC_TRADER_SQL}`;
  },

  /** The trader with the facts of its statistics, when public (blocked, deleted, demoted or not KYC Verified: none). */
  trader(id: number): Sql<TraderRow> {
    return sql<TraderRow>`${TRADER_SELECT} WHERE tp.id = ${id} AND ${PUBLIC_TRADER_SQL}`;
  },

  /** The trader's 20 newest closed trades. */
  recentTrades(traderId: number): Sql<RecentTradeRow> {
    return sql<RecentTradeRow>`SELECT id::text AS id, market, pair, side, pnl_pct::text AS pnl_pct, closed_at FROM trader_trades
       WHERE trader_id = ${traderId} AND status = 'closed' ORDER BY closed_at DESC, id DESC LIMIT 20`;
  },

  /** The follower's copies, live first, newest first; unrealized pnl at the quotes ('0' without any). */
  myCopies(userId: string, quotes: readonly Quote[]): Sql<MyCopyRow> {
    return sql<MyCopyRow>`SELECT c.id, c.trader_id, tp.name, tp.image, c.status, c.invested::text AS invested, a.balance::text AS equity,
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
       ORDER BY (c.status = 'stopped'), c.created_at DESC`;
  },

  /** The trader's trades opened since `from`, oldest first (the simulation). */
  tradesSince(traderId: number, from: Date, limit: number): Sql<SimulatedTradeRow> {
    return sql<SimulatedTradeRow>`SELECT id::text AS id, symbol, side, allocation_pct, trim_scale(entry_price)::text AS entry_price, opened_at,
              trim_scale(exit_price)::text AS exit_price, closed_at
       FROM trader_trades WHERE trader_id = ${traderId} AND opened_at >= ${from} ORDER BY opened_at, id LIMIT ${limit}`;
  },

  /** A page of the follower's copied positions, newest first, and their total. */
  myTrades(userId: string, page: PageQuery, filter: CopiedTradesFilter): Sql<CopiedTradeRow & PagedRow> {
    const { status, positionId } = filter;
    // the WHERE both statements share (the count's and the page's)
    const where = sql`p.copy_id IN (SELECT id FROM copies WHERE follower_id = ${userId})
                      ${status === 'open' ? sql`AND NOT p.settled` : status === 'closed' ? sql`AND p.settled` : sql``}
                      ${positionId ? sql`AND p.id = ${positionId}` : sql``}`;
    return paged<CopiedTradeRow>(
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
    );
  },

  /** A page of the follower's skipped copies, newest first, and their total. */
  mySkips(userId: string, page: PageQuery): Sql<SkipRow & PagedRow> {
    return paged<SkipRow>(
      sql`SELECT count(*) AS total FROM copy_skips s WHERE s.follower_id = ${userId}`,
      sql`SELECT s.trade_id::text AS trade_id, s.copy_id, tp.name, t.pair, s.reason, s.created_at, row_number() OVER (ORDER BY s.id DESC) AS page_row
           FROM copy_skips s JOIN trader_trades t ON t.id = s.trade_id JOIN trader_profiles tp ON tp.id = t.trader_id
           WHERE s.follower_id = ${userId} ORDER BY s.id DESC LIMIT ${page.limit} OFFSET ${pageOffset(page)}`,
    );
  },

  /** A page of the trader's trades (open, closed or all), newest first, and their total. */
  traderTrades(traderId: number, page: PageQuery, status?: 'open' | 'closed'): Sql<TradeRow & PagedRow> {
    const where = status ? sql`trader_id = ${traderId} AND status = ${status}` : sql`trader_id = ${traderId}`;
    // Qualified: a bare `id` in ORDER BY would be the text output column (id::text AS id), so '9' before '10'.
    return paged<TradeRow>(
      sql`SELECT count(*) AS total FROM trader_trades WHERE ${where}`,
      sql`SELECT ${TRADE_COLUMNS_SQL}, row_number() OVER (ORDER BY trader_trades.id DESC) AS page_row FROM trader_trades
           WHERE ${where} ORDER BY trader_trades.id DESC LIMIT ${page.limit} OFFSET ${pageOffset(page)}`,
    );
  },

  /** Whether the user has an open copied position: unsettled, of the user's copies, in an open trade. */
  hasOpenPositions(userId: string): Sql<{ open: boolean }> {
    return sql<{ open: boolean }>`SELECT EXISTS (SELECT 1 FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id AND t.status = 'open'
                                            WHERE p.copy_id IN (SELECT id FROM copies WHERE follower_id = ${userId}) AND NOT p.settled) AS open`;
  },

  /** Σ unrealized pnl of the user's open copied positions at the quotes. */
  unrealizedPnlOf(userId: string, quotes: readonly Quote[]): Sql<{ upnl: string }> {
    return UNREALIZED_OF(sql`p.copy_id IN (SELECT id FROM copies WHERE follower_id = ${userId})`, quotes);
  },

  /** A page of the trader's copiers, live first, newest first, and their total. */
  followers(traderId: number, page: PageQuery): Sql<FollowerRow & PagedRow> {
    return paged<FollowerRow>(
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
    );
  },

  /** The user's daily loss limit and realised copy pnl of the UTC day (cents as text). */
  settings(userId: string): Sql<{ limit: string | null; today: string }> {
    return sql<{ limit: string | null; today: string }>`SELECT (SELECT daily_loss_limit::text FROM copy_settings WHERE user_id = ${userId}) AS limit,
              ${realisedCopyPnlToday(userId)}::text AS today`;
  },

  /** The user's trader profile id, live copies and number of copied positions. */
  userFacts(userId: string): Sql<UserFactsRow> {
    return sql<UserFactsRow>`SELECT (SELECT id FROM trader_profiles WHERE user_id = ${userId}) AS trader_id,
              (SELECT array_agg(id::text ORDER BY created_at) FROM copies WHERE follower_id = ${userId} AND status <> 'stopped') AS copies,
              (SELECT count(*) FROM copies c JOIN copy_positions p ON p.copy_id = c.id WHERE c.follower_id = ${userId}) AS copied`;
  },
};
