import { Injectable } from '@nestjs/common';
import { Clock } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { closePrice, tradePnlPct } from '../../../domain/copy-math';
import { openReturn, withOpenReturn } from '../../../domain/trader-stats';
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
  /** from the period's start (a 0 % point) to today, one point per UTC day with a closed trade; today's with the open trades at their marks */
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
/** The open positions the page lists: the newest ones. */
export const OPEN_POSITIONS_SHOWN = 50;
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

/**
 * The growth curve with the open trades' return (a fraction of equity) on today's point, as the statistics count
 * it (domain/trader-stats.ts): an open loss shows on the chart as it does in the drawdown.
 */
export function withOpenTrades(growth: TraderPerformanceRows['growth'], openPnl: number, now: Date): TraderPerformanceRows['growth'] {
  if (openPnl === 0) return growth;
  const today = dayOf(now.getTime());
  const last = growth[growth.length - 1];
  if (last?.date === today) return [...growth.slice(0, -1), { date: today, factor: withOpenReturn(last.factor, openPnl) }];
  return [...growth, { date: today, factor: withOpenReturn(last?.factor ?? 1, openPnl) }];
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

  /**
   * Rebases the curve on the period, its today's point with the open trades at their marks (the latest quotes, as
   * the statistics), and lists the newest open positions at the fresh quotes (null without one).
   */
  async view(rows: TraderPerformanceRows, period: PerformancePeriod): Promise<TraderPerformance> {
    const now = this.clock.now();
    const open = rows.openTrades;
    const [marks, fresh] = open.length ? await Promise.all([this.market.lastQuotes(), this.market.freshQuotes()]) : [new Map(), []];
    const equityCurve = rebaseCurve(withOpenTrades(rows.growth, openReturn(open, marks).pnl, now), period, now);
    const quotes = new Map(fresh.map((q) => [q.symbol, q]));
    return {
      period,
      equityCurve,
      periodReturnPct: equityCurve[equityCurve.length - 1].returnPct,
      monthlyReturns: rows.monthly,
      openPositions: open.slice(-OPEN_POSITIONS_SHOWN).reverse().map((t) => {
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
