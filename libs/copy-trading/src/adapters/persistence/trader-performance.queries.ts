import { sql, type Sql } from '@mirrorline/shared';

/** The trader page's chart statements (SqlTraderPerformance runs them): the trader's own rows only. */
export const traderPerformanceQueries = {
  /**
   * The compounded growth factor at the end of each UTC day with a closed trade (the return of a trade on a copier's
   * equity is pnlPct × allocationPct / 100, compounded in close order).
   */
  growth(traderId: number): Sql<{ day: string; factor: number }> {
    return sql<{ day: string; factor: number }>`WITH curve AS (
           SELECT closed_at, id,
                  exp(sum(ln(greatest(1 + pnl_pct::float8 * allocation_pct / 10000, 0.0001))) OVER (ORDER BY closed_at, id)) AS factor
           FROM trader_trades WHERE trader_id = ${traderId} AND status = 'closed'
         )
         SELECT DISTINCT ON ((closed_at AT TIME ZONE 'UTC')::date) to_char((closed_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, factor
         FROM curve ORDER BY (closed_at AT TIME ZONE 'UTC')::date, closed_at DESC, id DESC`;
  },

  /** The last 12 calendar months (UTC) with closed trades: each month's trades compounded, with the count. */
  monthlyReturns(traderId: number): Sql<{ month: string; ret: number; trades: string }> {
    return sql<{ month: string; ret: number; trades: string }>`SELECT to_char(date_trunc('month', closed_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
                (exp(sum(ln(greatest(1 + pnl_pct::float8 * allocation_pct / 10000, 0.0001)))) - 1) * 100 AS ret, count(*) AS trades
         FROM trader_trades WHERE trader_id = ${traderId} AND status = 'closed' AND closed_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '11 months'
         GROUP BY 1 ORDER BY 1`;
  },

  /** The open trades, oldest first (symbol, side, entry, allocation; never a size). */
  openTrades(traderId: number): Sql<{ symbol: string; side: 'buy' | 'sell'; entry_price: string; allocation_pct: number; market: string; opened_at: Date }> {
    return sql<{ symbol: string; side: 'buy' | 'sell'; entry_price: string; allocation_pct: number; market: string; opened_at: Date }>`SELECT symbol, side, entry_price::text AS entry_price, allocation_pct, market, opened_at FROM trader_trades
         WHERE trader_id = ${traderId} AND status = 'open' ORDER BY opened_at, id`;
  },

  /** Copies live at the end of each of the last 30 days (UTC). */
  copierTrend(traderId: number): Sql<{ day: string; copiers: string }> {
    return sql<{ day: string; copiers: string }>`SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
                (SELECT count(*) FROM copies c WHERE c.trader_id = ${traderId}
                   AND c.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
                   AND (c.ended_at IS NULL OR c.ended_at >= (d.day + interval '1 day') AT TIME ZONE 'UTC')) AS copiers
         FROM generate_series((now() AT TIME ZONE 'UTC')::date - 29, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
         ORDER BY d.day`;
  },

  /** The daily return (Σ pnlPct × allocationPct / 100 of the trades closed that UTC day) of each of the last `days` days. */
  dailyReturns(traderId: number, days: number): Sql<{ day: string; r: string }> {
    return sql<{ day: string; r: string }>`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, round(coalesce(x.r, 0), 6)::text AS r
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ${days}::int + 1, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
       LEFT JOIN (
         SELECT (closed_at AT TIME ZONE 'UTC')::date AS day, sum(pnl_pct * allocation_pct / 100) AS r
         FROM trader_trades WHERE trader_id = ${traderId} AND status = 'closed' AND closed_at >= now() - (${days}::int + 1) * interval '1 day'
         GROUP BY 1
       ) x ON x.day = d.day::date
       ORDER BY d.day`;
  },
};
