import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TraderPerformanceQueries, type TraderPerformanceRows } from '../../application/ports/trader-performance';
import { runSql, sql, type Sql } from '@mirrorline/shared';
import { publicTradersQueries } from './public-traders.queries';
import { trimDecimal } from './sql-amount';

/**
 * The trader page's charts in three small statements (the trader's own rows only). The return of a trade on
 * a copier's equity is pnlPct × allocationPct / 100 as in the statistics (sql-copy-trading-queries.ts); the
 * curve compounds them in close order and the use case puts the open trades at their marks on today's point, so it
 * is the maxDrawdown's curve.
 */
@Injectable()
export class SqlTraderPerformance extends TraderPerformanceQueries {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private run<T>(query: Sql<T>): Promise<T[]> {
    return runSql(this.em.getConnection(), query);
  }

  async performance(traderId: number): Promise<TraderPerformanceRows | null> {
    const [listed] = await this.run(publicTradersQueries.publicTraderId(traderId));
    if (!listed) return null;
    const [growth, monthly, open, trend] = await Promise.all([
      this.run(sql<{ day: string; factor: number }>`WITH curve AS (
           SELECT closed_at, id,
                  exp(sum(ln(greatest(1 + pnl_pct::float8 * allocation_pct / 10000, 0.0001))) OVER (ORDER BY closed_at, id)) AS factor
           FROM trader_trades WHERE trader_id = ${traderId} AND status = 'closed'
         )
         SELECT DISTINCT ON ((closed_at AT TIME ZONE 'UTC')::date) to_char((closed_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, factor
         FROM curve ORDER BY (closed_at AT TIME ZONE 'UTC')::date, closed_at DESC, id DESC`),
      this.run(sql<{ month: string; ret: number; trades: string }>`SELECT to_char(date_trunc('month', closed_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
                (exp(sum(ln(greatest(1 + pnl_pct::float8 * allocation_pct / 10000, 0.0001)))) - 1) * 100 AS ret, count(*) AS trades
         FROM trader_trades WHERE trader_id = ${traderId} AND status = 'closed' AND closed_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '11 months'
         GROUP BY 1 ORDER BY 1`),
      this.run(sql<{ symbol: string; side: 'buy' | 'sell'; entry_price: string; allocation_pct: number; market: string; opened_at: Date }>`SELECT symbol, side, entry_price::text AS entry_price, allocation_pct, market, opened_at FROM trader_trades
         WHERE trader_id = ${traderId} AND status = 'open' ORDER BY opened_at, id`),
      // Copies live at the end of each of the last 30 days (UTC).
      this.run(sql<{ day: string; copiers: string }>`SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
                (SELECT count(*) FROM copies c WHERE c.trader_id = ${traderId}
                   AND c.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
                   AND (c.ended_at IS NULL OR c.ended_at >= (d.day + interval '1 day') AT TIME ZONE 'UTC')) AS copiers
         FROM generate_series((now() AT TIME ZONE 'UTC')::date - 29, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
         ORDER BY d.day`),
    ]);
    return {
      growth: growth.map((g) => ({ date: g.day, factor: Number(g.factor) })),
      monthly: monthly.map((m) => ({ month: m.month, returnPct: Math.round(Number(m.ret) * 100) / 100, trades: Number(m.trades) })),
      openTrades: open.map((o) => ({
        symbol: o.symbol,
        side: o.side,
        entryPrice: trimDecimal(o.entry_price),
        allocationPct: Number(o.allocation_pct),
        market: o.market,
        openedAt: new Date(o.opened_at).toISOString(),
      })),
      copierTrend: trend.map((t) => ({ date: t.day, copiers: Number(t.copiers) })),
    };
  }

  async dailyReturns(traderId: number, days: number): Promise<Array<{ date: string; returnPct: number }>> {
    const rows = await this.run(sql<{ day: string; r: string }>`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, round(coalesce(x.r, 0), 6)::text AS r
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ${days}::int + 1, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
       LEFT JOIN (
         SELECT (closed_at AT TIME ZONE 'UTC')::date AS day, sum(pnl_pct * allocation_pct / 100) AS r
         FROM trader_trades WHERE trader_id = ${traderId} AND status = 'closed' AND closed_at >= now() - (${days}::int + 1) * interval '1 day'
         GROUP BY 1
       ) x ON x.day = d.day::date
       ORDER BY d.day`);
    return rows.map((row) => ({ date: row.day, returnPct: Number(row.r) }));
  }
}
