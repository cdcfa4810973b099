import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TraderPerformanceQueries, type TraderPerformanceRows } from '../../application/ports/trader-performance';
import { runSql, type Sql } from '@mirrorline/shared';
import { publicTradersQueries } from './public-traders.queries';
import { traderPerformanceQueries } from './trader-performance.queries';
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
      this.run(traderPerformanceQueries.growth(traderId)),
      this.run(traderPerformanceQueries.monthlyReturns(traderId)),
      this.run(traderPerformanceQueries.openTrades(traderId)),
      this.run(traderPerformanceQueries.copierTrend(traderId)),
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
    const rows = await this.run(traderPerformanceQueries.dailyReturns(traderId, days));
    return rows.map((row) => ({ date: row.day, returnPct: Number(row.r) }));
  }
}
