import { Injectable } from '@nestjs/common';
import { Clock } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { closePrice, tradePnlPct } from '../../../domain/copy-math';
import {
  TraderPerformanceQueries,
  type CopierCount,
  type EquityPoint,
  type MonthlyReturn,
  type PerformancePeriod,
  type PublicOpenPosition,
  type TraderPerformanceRows,
} from '../../ports/trader-performance';

export interface TraderPerformance {
  period: PerformancePeriod;
  /** from the period's start (a 0 % point) to today, one point per UTC day with a closed trade */
  equityCurve: EquityPoint[];
  /** the period's compounded return, % (the curve's last point) */
  periodReturnPct: number;
  /** the last 12 calendar months with a closed trade */
  monthlyReturns: MonthlyReturn[];
  openPositions: PublicOpenPosition[];
  /** live copies at the end of each of the last 30 days */
  copierTrend: CopierCount[];
}

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Exclude<PerformancePeriod, 'all'>, number> = { '1M': 30, '3M': 91, '1Y': 365 };
const round2 = (value: number): number => Math.round(value * 100) / 100;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The equity curve of a period rebased to its start: the growth factor at the end of the last day before the
 * period (1 before the first trade) is 0 %, each later day's point is (factor / base − 1) × 100.
 */
export function rebaseCurve(growth: TraderPerformanceRows['growth'], period: PerformancePeriod, now: Date): EquityPoint[] {
  const today = dayOf(now.getTime());
  let start: string;
  if (period === 'all') {
    // The day before the first closed trade: the record starts at 0 %.
    start = growth.length ? dayOf(Date.parse(`${growth[0].date}T00:00:00Z`) - DAY_MS) : today;
  } else {
    start = dayOf(now.getTime() - PERIOD_DAYS[period] * DAY_MS);
  }
  const before = growth.filter((g) => g.date <= start);
  const base = before.length ? before[before.length - 1].factor : 1;
  const points: EquityPoint[] = [{ date: start, returnPct: 0 }];
  for (const g of growth) if (g.date > start) points.push({ date: g.date, returnPct: round2((g.factor / base - 1) * 100) });
  if (points[points.length - 1].date < today) points.push({ date: today, returnPct: points[points.length - 1].returnPct });
  return points;
}

/** GET traders/:id/performance: the trader page's charts, public; open trades marked at the market, no sizes. */
@Injectable()
export class ReadTraderPerformanceUseCase {
  constructor(
    private readonly queries: TraderPerformanceQueries,
    private readonly market: MarketQuotes,
    private readonly clock: Clock,
  ) {}

  /** The period-independent rows (cacheable until the trader's trades or copies change). */
  async rows(traderId: number): Promise<TraderPerformanceRows> {
    const rows = await this.queries.performance(traderId);
    if (!rows) throw copyErrors.traderNotFound();
    return rows;
  }

  /** Rebases the curve on the period and marks the open trades at the fresh quotes. */
  async view(rows: TraderPerformanceRows, period: PerformancePeriod): Promise<TraderPerformance> {
    const equityCurve = rebaseCurve(rows.growth, period, this.clock.now());
    const quotes = rows.openTrades.length ? new Map((await this.market.freshQuotes()).map((q) => [q.symbol, q])) : new Map();
    return {
      period,
      equityCurve,
      periodReturnPct: equityCurve[equityCurve.length - 1].returnPct,
      monthlyReturns: rows.monthly,
      openPositions: rows.openTrades.map((t) => {
        const quote = quotes.get(t.symbol);
        return {
          symbol: t.symbol,
          side: t.side,
          openedAt: t.openedAt,
          unrealizedPnlPct: quote ? Number(tradePnlPct(t.entryPrice, closePrice(t.side, quote), t.side)) : null,
        };
      }),
      copierTrend: rows.copierTrend,
    };
  }
}
