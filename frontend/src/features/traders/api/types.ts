import type { Schema } from '../../../lib/api';

export const TRADER_TYPES = ['ICT Trader', 'SMC Trader', 'Price Action Trader', 'Swing Trader', 'Scalper', 'Trend Follower', 'Algorithmic Trader'];
export const SORTS = [
  { value: 'roi', label: 'ROI (30 days)' },
  { value: 'accuracy', label: 'Accuracy' },
  { value: 'followers', label: 'Followers' },
] as const;
export type TraderSort = (typeof SORTS)[number]['value'];

/** A trader as GET /api/traders lists it (the document's schema: profile, stats, ten-day PnL, riskScore, newTrader). */
export type Trader = Schema<'TraderSummaryDto'>;
export type RecentTrade = Schema<'RecentTradeDto'>;
/** GET /api/traders/{id}: the summary plus the recent closed trades. */
export type TraderDetails = Schema<'TraderDetailsDto'>;
