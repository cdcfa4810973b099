import type { Schema } from '../../../lib/api';

export const TRADER_TYPES = ['ICT Trader', 'SMC Trader', 'Price Action Trader', 'Swing Trader', 'Scalper', 'Trend Follower', 'Algorithmic Trader'];

/** The periods of GET /api/traders (product.md §12.3): every statistic is over the one asked. */
export const PERIODS = [
  { value: '7d', label: '7D', name: 'last 7 days' },
  { value: '30d', label: '30D', name: 'last 30 days' },
  { value: '90d', label: '90D', name: 'last 90 days' },
  { value: '180d', label: '180D', name: 'last 180 days' },
  { value: '1y', label: '1Y', name: 'last year' },
  { value: 'all', label: 'All', name: 'since the first trade' },
] as const;
export type TraderPeriod = (typeof PERIODS)[number]['value'];
export const DEFAULT_PERIOD: TraderPeriod = '30d';

export const SORTS = [
  { value: 'roi', label: 'ROI' },
  { value: 'sharpe', label: 'Sharpe ratio' },
  { value: 'maxDrawdown', label: 'Lowest drawdown' },
  { value: 'tradingAccuracy', label: 'Accuracy' },
  { value: 'copiers', label: 'Copiers' },
  { value: 'aum', label: 'Assets copying' },
  { value: 'copiersPnl', label: 'Copiers\u2019 PnL' },
  { value: 'daysTrading', label: 'Days trading' },
] as const;
export type TraderSort = (typeof SORTS)[number]['value'];

export const MARKETS = ['Forex', 'Crypto', 'Stocks'] as const;

/** A trader as GET /api/traders lists it (the document's schema: profile, stats over the period, ten-day PnL, riskScore, newTrader). */
export type Trader = Schema<'TraderSummaryDto'>;
export type RecentTrade = Schema<'RecentTradeDto'>;
/** GET /api/traders/{id}: the summary plus the recent closed trades and the allocation. */
export type TraderDetails = Schema<'TraderDetailsDto'>;
export type AllocationSlice = Schema<'AllocationSliceDto'>;

export const periodOf = (value: string | null | undefined): TraderPeriod | undefined => PERIODS.find((p) => p.value === value)?.value;

/**
 * The label of a period's figures: its short name ("1Y"), or "since <date>" when the trader's history is shorter
 * than the period (the API's shorterHistory): a year's figures over one month of data say so.
 */
export function periodLabel(trader: PeriodFacts, formatDate: (iso: string) => string): string {
  return since(trader, formatDate) ?? periodEntry(trader.period).label;
}

/** The same in words: "the last year", or "since Oct 29, 2026" when the history is shorter. */
export function periodPhrase(trader: PeriodFacts, formatDate: (iso: string) => string): string {
  return since(trader, formatDate) ?? `the ${periodEntry(trader.period).name}`;
}

type PeriodFacts = Pick<Trader, 'period' | 'shorterHistory' | 'historyStart'>;
const periodEntry = (value: string) => PERIODS.find((p) => p.value === value) ?? PERIODS[1];
const since = (trader: PeriodFacts, formatDate: (iso: string) => string): string | null =>
  trader.shorterHistory && trader.historyStart ? `since ${formatDate(trader.historyStart)}` : null;
