import type { OpenTradeFacts } from '../../domain/trader-stats';

/** Periods of the trader page's equity curve. */
export const PERFORMANCE_PERIODS = ['1M', '3M', '1Y', 'all'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];

/** A point of the equity curve: the compounded return since the period's start, %. */
export interface EquityPoint {
  /** UTC day, YYYY-MM-DD */
  date: string;
  returnPct: number;
}

export interface MonthlyReturn {
  /** YYYY-MM */
  month: string;
  /** the month's trades compounded, % */
  returnPct: number;
  trades: number;
}

/** A public view of an open trade: what and which way, how it is doing; never a size. */
export interface PublicOpenPosition {
  symbol: string;
  side: 'buy' | 'sell';
  openedAt: string;
  /** at the close-side price of a fresh quote; null without one (market closed, no price) */
  unrealizedPnlPct: number | null;
}

export interface CopierCount {
  /** UTC day, YYYY-MM-DD */
  date: string;
  copiers: number;
}

/** Raw rows of one trader's performance (the use case rebases and marks them). */
export interface TraderPerformanceRows {
  /** every UTC day with a closed trade: the compounded growth factor at its end (1 = start of the record) */
  growth: Array<{ date: string; factor: number }>;
  monthly: MonthlyReturn[];
  /** every open trade, oldest first (the page lists the newest OPEN_POSITIONS_SHOWN; the curve counts them all) */
  openTrades: Array<OpenTradeFacts & { openedAt: string }>;
  copierTrend: CopierCount[];
}

/** The trader page's charts (GET traders/:id/performance): a public trader's record, never its sizes. */
export abstract class TraderPerformanceQueries {
  /** null when the trader is not public (missing, blocked, deleted, demoted or not KYC Verified). */
  abstract performance(traderId: number): Promise<TraderPerformanceRows | null>;
  /**
   * The trader's daily returns (%: Σ pnlPct × allocationPct / 100 of the trades closed that UTC day, 0 without one)
   * of the last `days` UTC days, oldest first, today last.
   */
  abstract dailyReturns(traderId: number, days: number): Promise<Array<{ date: string; returnPct: number }>>;
}
