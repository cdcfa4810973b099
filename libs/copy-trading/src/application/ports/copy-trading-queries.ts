import type { Page, PageQuery } from '@mirrorline/shared';
import type { SimulatedTrade } from '../../domain/copy-simulation';
import type { Quote } from '@mirrorline/market';
import type { CopyStatus } from '../../domain/copy';
import type { CloseReason } from '../../domain/copy-math';
import type { ClosedTradeStats, MarkedStats, OpenTradeFacts } from '../../domain/trader-stats';
import type { AllocationSlice, Period, PeriodFacts } from '../../domain/discovery';
import type { FillReceipt, TradeRecord } from './trade-engine';

/** A trader's trade as GET trader/trades shows it: an open one is marked to the market. */
export interface TraderTrade extends TradeRecord {
  /** close-side price of the latest fresh quote (open trades; null without one) */
  markPrice: string | null;
  /** (mark − entry) / entry × 100, negated for sell, 4 decimals (open trades; null without a quote) */
  unrealizedPnlPct: string | null;
}

/**
 * A trade in a trader's public position history (product.md §12.3, GET traders/:id/trades): prices, allocation,
 * times and return, never a money size, copier count or level.
 */
export interface PublicTrade {
  id: string;
  status: 'open' | 'closed';
  symbol: string;
  side: 'buy' | 'sell';
  allocationPct: number;
  entryPrice: string;
  /** null while open */
  exitPrice: string | null;
  openedAt: string;
  closedAt: string | null;
  /** closedAt (or now, while open) − openedAt, whole seconds */
  holdingSeconds: number;
  /** closed: the trade's return, 4 decimals; open: at the close side of a fresh quote, null without one */
  pnlPct: string | null;
  closeReason: string | null;
}

export interface DailyPnl {
  label: string;
  date: string;
  pnl: number;
}

/** The figures of GET traders/?period= that depend on the period (domain/discovery.ts, product.md §12.3). */
export interface PeriodView {
  period: Period;
  /** Σ returns of the trades closed in the period + openPnlPct, % (marked as roi30d is over 30 days) */
  roi: number;
  /** annualised Sharpe ratio of the period's daily returns (today's with the open trades at their marks) */
  sharpe: number;
  /** the markets of the trades held in the period (open now or closed in it), largest allocation first */
  markets: string[];
  /** the trader's history (since historyStart) is shorter than the period: the SPA says "since <date>" */
  shorterHistory: boolean;
}

export interface TraderSummary extends PeriodView {
  id: number;
  name: string;
  description: string;
  traderType: string;
  strategySummary: string;
  strategyExplanation: string;
  image: string | null;
  share: number;
  maxCopiers: number;
  /** the smallest copy this trader accepts, 2-decimal string (≥ 10.00; PATCH trader/settings) */
  minCopyAmount: string;
  /** live copies ≥ maxCopiers: a follow answers COPY.TRADER_FULL */
  full: boolean;
  /** live copies (= followers) */
  copiers: number;
  /** Σ equity of live copies (= assetsCopying), 2-decimal string */
  aum: string;
  /** UTC days from the first trade's day to today, both counted (0 without a trade) */
  daysTrading: number;
  /** the first trade's opening time, null without a trade */
  historyStart: string | null;
  /** winning closed trades / (closed trades + open trades whose mark is a loss) × 100 (domain/trader-stats.ts) */
  tradingAccuracy: number;
  /** Σ over trades closed in the last 30 days of pnlPct × allocationPct / 100, plus openPnlPct, % */
  roi30d: number;
  /** over the period: largest peak-to-trough fall of the compounded per-trade return curve, the open trades at their marks last, % */
  maxDrawdown: number;
  /** trades closed in the period */
  closedTrades: number;
  /** trades open now */
  openTrades: number;
  /** the open trades' unrealized return at their marks, as a copier's equity sees it, % */
  openPnlPct: number;
  followers: number;
  /** Σ equity of live copies, 2-decimal string */
  assetsCopying: string;
  /** Σ realised pnl of the copied positions of the trades closed in the period, net of profit share */
  copiersPnl: string;
  dayLabels: string[];
  dailyPnls: number[];
  daily: DailyPnl[];
  /** 1–10 from the one-day 95 % VaR of the last 30 daily returns and of the open exposure (domain/risk-score.ts) */
  riskScore: number;
  /** fewer than 10 closed trades: accuracy and ROI are not shown as a track record */
  newTrader: boolean;
  /**
   * The compounded return over the last 30 days, one point a day (UTC), oldest first, in % since the start of
   * the window (the first point is the first day's return): the cards' equity-curve sparkline.
   */
  equityCurve30d: number[];
}

export interface RecentTrade {
  id: string;
  market: string;
  pair: string;
  side: string;
  pnlPct: number;
  closedAt: string;
}

export interface TraderDetails extends TraderSummary {
  recentTrades: RecentTrade[];
  /** the asset allocation over the period, by symbol (its market with it) */
  allocation: AllocationSlice[];
}

/**
 * A public trader as the database gives it: everything but the figures that move with the prices, which
 * `markedStats` (domain/trader-stats.ts) computes from `closedStats`, `openTradeFacts` and the marks.
 */
export interface TraderStatsRow extends Omit<TraderSummary, keyof MarkedStats | keyof PeriodView | 'closedTrades' | 'copiersPnl' | 'daysTrading' | 'full'> {
  /** the whole record's (the 30-day ROI's window for roi30) */
  closedStats: ClosedTradeStats;
  /** the closed statistics of each period */
  periods: Record<Period, PeriodFacts>;
  /** the asset allocation of each period */
  allocation: Record<Period, AllocationSlice[]>;
  /** minCopyAmount in cents (copyReady compares it with the caller's cash) */
  minCopyCents: bigint;
  /** the open trades, oldest first */
  openTradeFacts: OpenTradeFacts[];
}

export interface TraderDetailsRow extends TraderStatsRow {
  recentTrades: RecentTrade[];
}

export const TRADER_SORTS = ['roi', 'sharpe', 'maxDrawdown', 'aum', 'copiers', 'copiersPnl', 'tradingAccuracy', 'daysTrading', 'accuracy', 'followers'] as const;
export type TraderSort = (typeof TRADER_SORTS)[number];

export interface TraderListQuery extends PageQuery {
  /** accuracy and followers: the names before product.md §12.3 (= tradingAccuracy, copiers) */
  sort: TraderSort;
  period: Period;
  maxRisk?: number;
  maxDrawdown?: number;
  minDays?: number;
  market?: string;
  hideFull?: boolean;
  /** copyReady: the caller's cash, cents (only traders whose minimum copy it covers) */
  cash?: bigint;
  traderType?: string;
  /** part of the display name, case-insensitive */
  search?: string;
}

export interface MyCopy {
  id: string;
  traderId: number;
  traderName: string;
  traderImage: string | null;
  status: CopyStatus;
  invested: string;
  equity: string;
  freeEquity: string;
  highWaterMark: string;
  /** realised pnl net of profit share */
  pnl: string;
  feesPaid: string;
  openPositions: number;
  /** Σ unrealized pnl of the open positions at the market (0.00 for those without a fresh quote) */
  unrealizedPnl: string;
  /** equity + unrealizedPnl */
  liveEquity: string;
  stopLossPct: number | null;
  /** the copy take profit, % above invested (product.md §12.1) */
  takeProfitPct: number | null;
  stopReason: string | null;
  /** the profit share % this copy pays (the one it was opened with, or one the follower accepted) */
  share: number;
  /** the trader's share % today; differs from `share` after a change the follower has not accepted */
  traderShare: number;
  createdAt: string;
  endedAt: string | null;
}

export interface CopiedTrade {
  id: string;
  copyId: string;
  tradeId: string;
  traderId: number;
  traderName: string;
  market: string;
  symbol: string;
  pair: string;
  side: string;
  /** this position's fill (= the trader's fill) */
  entryPrice: string;
  /** this position's exit (the trade's, or the close-out quote for copy_stop_loss) */
  exitPrice: string | null;
  closeReason: CloseReason | null;
  receipt: FillReceipt;
  /** open: the close-side price of the latest fresh quote, null without one */
  markPrice: string | null;
  /** open: size × (mark − fill) / fill (sell negated, ≥ −size), null without a quote */
  unrealizedPnl: string | null;
  size: string;
  status: 'open' | 'closed';
  pnl: string | null;
  fee: string | null;
  /** the copy's realised pnl as % of the position size */
  pnlPct: number | null;
  /** the trader's trade pnl % */
  traderPnlPct: number | null;
  /** copy pnl % − trader pnl % (rounding toward zero, loss cap) */
  divergencePct: number | null;
  openedAt: string;
  closedAt: string | null;
}

export interface Follower {
  copyId: string;
  userId: string;
  username: string;
  status: CopyStatus;
  invested: string;
  equity: string;
  pnl: string;
  feesPaid: string;
  since: string;
}

export interface CopySettings {
  dailyLossLimit: string | null;
  /** today's (UTC) realised copy pnl, all copies */
  todayPnl: string;
  limitReached: boolean;
}

export interface SkipRecord {
  tradeId: string;
  copyId: string;
  traderName: string;
  pair: string;
  reason: string;
  createdAt: string;
}

export interface UserCopyFacts {
  traderID: number | null;
  copyID: string[];
  copiedTrades: number;
}

/** Read models (no transaction, no locks): what the pages show. */
export abstract class CopyTradingQueries {
  /** Every public trader (PUBLIC_TRADER), unsorted: the list is filtered, marked, sorted and paged in memory. */
  abstract publicTraders(): Promise<TraderStatsRow[]>;
  /** One public trader with its recent closed trades, or null (missing or not public). */
  abstract traderStats(id: number): Promise<TraderDetailsRow | null>;
  /** The trader's trades opened at or after `from`, oldest first, at most `limit` (the simulation's input). */
  abstract tradesSince(traderId: number, from: Date, limit: number): Promise<SimulatedTrade[]>;
  /** `quotes`: the market's fresh quotes, passed into SQL (copy trading never reads the market's tables). */
  abstract myCopies(userId: string, quotes: readonly Quote[]): Promise<MyCopy[]>;
  /** My positions, newest first: `status` open or closed, or `positionId` that one (a page of at most one). */
  abstract myTrades(userId: string, page: PageQuery, quotes: readonly Quote[], filter?: { status?: 'open' | 'closed'; positionId?: string }): Promise<Page<CopiedTrade>>;
  abstract mySkips(userId: string, page: PageQuery): Promise<Page<SkipRecord>>;
  abstract traderTrades(traderId: number, page: PageQuery, quotes: readonly Quote[], status?: 'open' | 'closed'): Promise<Page<TraderTrade>>;
  /** Σ unrealized pnl of all the user's open copied positions, cents (GET wallet/, user/get liveTradingBalance). */
  abstract unrealizedPnlOf(userId: string, quotes: readonly Quote[]): Promise<bigint>;
  abstract followers(traderId: number, page: PageQuery): Promise<Page<Follower>>;
  abstract settings(userId: string): Promise<CopySettings>;
  abstract userFacts(userId: string): Promise<UserCopyFacts>;
}
