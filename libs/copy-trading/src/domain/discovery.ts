import type { ClosedTradeStats } from './trader-stats';

/**
 * Discovery (product.md §12.3): the periods GET traders/ computes its statistics over, and the pure parts of the
 * list's filters and sorts. docs/copy-trading.md, "Discovery".
 */
export const PERIODS = ['7d', '30d', '90d', '180d', '1y', 'all'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_LIST_PERIOD: Period = '30d';

/** A period's length in days; `all` has none (the whole history). */
export const PERIOD_DAYS: Readonly<Record<Period, number | null>> = { '7d': 7, '30d': 30, '90d': 90, '180d': 180, '1y': 365, all: null };

/** Sharpe ratios are annualised over calendar days (crypto trades every day; a day without a close returns 0). */
export const SHARPE_DAYS_PER_YEAR = 365;

/**
 * What the closed trades give over one period (one SQL row per trader and period, cached with the list): the
 * same figures as ClosedTradeStats over the trades closed in the period (the curve starts at 1 at the period's
 * start), the copiers' net pnl on them, and the sums the Sharpe ratio needs.
 */
export interface PeriodFacts {
  closedTrades: number;
  wins: number;
  /** Σ returns (%) of the trades closed in the period */
  roi: number;
  curveLast: number;
  curvePeak: number;
  maxDrawdown: number;
  /** Σ (copiers' pnl − profit share) of the trades closed in the period, cents as a string */
  copiersNet: string;
  /** Σ and Σ² of the daily returns (%) of the period's UTC days, today's without the open trades */
  sumDaily: number;
  sumSqDaily: number;
}

/** One slice of a trader's asset allocation: Σ allocationPct of the trades held during the period, and its share. */
export interface AllocationSlice {
  market: string;
  symbol: string;
  trades: number;
  /** this symbol's share of the period's allocation, % (the slices sum to 100, give or take rounding) */
  pct: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The closed statistics of a period in the shape markedStats (domain/trader-stats.ts) marks: the risk window stays the last 30 days. */
export function periodClosedStats(facts: PeriodFacts, returns30: number[]): ClosedTradeStats {
  return {
    closedTrades: facts.closedTrades,
    wins: facts.wins,
    roi30: facts.roi,
    curveLast: facts.curveLast,
    curvePeak: facts.curvePeak,
    maxDrawdown: facts.maxDrawdown,
    returns30,
  };
}

/**
 * The UTC calendar days from the first trade's day to today's, both counted (1 on the first day); 0 without a
 * trade. The trader's age: the same for every period.
 */
export function daysTrading(firstTradeAt: string | null, now: Date): number {
  if (firstTradeAt === null) return 0;
  const day = (t: number) => Math.floor(t / 86_400_000);
  return Math.max(1, day(now.getTime()) - day(Date.parse(firstTradeAt)) + 1);
}

/** The days a period's daily figures cover: the period's days, or fewer when the trader's history is shorter. */
export function coveredDays(period: Period, traded: number): number {
  const days = PERIOD_DAYS[period];
  return days === null ? traded : Math.min(days, traded);
}

/** True when the trader's history is shorter than the period: the SPA then says "since <date>". */
export function historyShorterThan(period: Period, traded: number): boolean {
  const days = PERIOD_DAYS[period];
  return days !== null && traded < days;
}

/**
 * The annualised Sharpe ratio of the period's daily returns (risk-free rate 0): mean / sample standard deviation
 * × √365 over `days` days, today's return holding the open trades' at their marks (as every marked figure). 0
 * with fewer than 2 days or no variation.
 */
export function sharpeRatio(facts: Pick<PeriodFacts, 'sumDaily' | 'sumSqDaily'>, days: number, todayClosed: number, openPnlPct: number): number {
  if (days < 2) return 0;
  const today = todayClosed + openPnlPct;
  const sum = facts.sumDaily + openPnlPct;
  const sumSq = facts.sumSqDaily - todayClosed * todayClosed + today * today;
  const mean = sum / days;
  const variance = (sumSq - sum * mean) / (days - 1);
  if (!(variance > 1e-12)) return 0;
  return round2((mean / Math.sqrt(variance)) * Math.sqrt(SHARPE_DAYS_PER_YEAR));
}

/** The markets of an allocation, in order of weight (the list's `markets`, and its market filter). */
export function marketsOf(slices: readonly AllocationSlice[]): string[] {
  const weight = new Map<string, number>();
  for (const s of slices) weight.set(s.market, (weight.get(s.market) ?? 0) + s.pct);
  return [...weight.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([market]) => market);
}

/** Weights (Σ allocationPct by symbol) as shares of their total, %, largest first. */
export function allocationSlices(rows: ReadonlyArray<{ market: string; symbol: string; trades: number; weight: number }>): AllocationSlice[] {
  const total = rows.reduce((sum, r) => sum + r.weight, 0);
  if (!(total > 0)) return [];
  return rows
    .map((r) => ({ market: r.market, symbol: r.symbol, trades: r.trades, pct: round2((r.weight * 100) / total) }))
    .sort((a, b) => b.pct - a.pct || a.symbol.localeCompare(b.symbol));
}

/** A full trader takes no new copier (the follow answers COPY.TRADER_FULL). */
export const isFull = (copiers: number, maxCopiers: number): boolean => copiers >= maxCopiers;
