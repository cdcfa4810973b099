import type { Page, PageQuery } from '@mirrorline/shared';
import type { CopyStatus } from '../../domain/copy';
import type { TradeRecord } from './trade-engine';

export interface DailyPnl {
  label: string;
  date: string;
  pnl: number;
}

export interface TraderSummary {
  id: number;
  name: string;
  description: string;
  traderType: string;
  strategySummary: string;
  strategyExplanation: string;
  image: string | null;
  share: number;
  maxCopiers: number;
  /** win rate of closed trades, % */
  tradingAccuracy: number;
  /** Σ over trades closed in the last 30 days of pnlPct × allocationPct / 100, % */
  roi30d: number;
  /** largest peak-to-trough fall of the compounded per-trade return curve, % */
  maxDrawdown: number;
  closedTrades: number;
  followers: number;
  /** Σ equity of live copies, 2-decimal string */
  assetsCopying: string;
  /** Σ realised pnl of all copied positions, net of profit share */
  copiersPnl: string;
  dayLabels: string[];
  dailyPnls: number[];
  daily: DailyPnl[];
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
}

export interface TraderListQuery extends PageQuery {
  sort: 'roi' | 'accuracy' | 'followers';
  traderType?: string;
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
  stopLossPct: number | null;
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
  pair: string;
  side: string;
  entryPrice: string;
  exitPrice: string | null;
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
  abstract listTraders(query: TraderListQuery): Promise<Page<TraderSummary>>;
  abstract trader(id: number): Promise<TraderDetails | null>;
  abstract myCopies(userId: string): Promise<MyCopy[]>;
  abstract myTrades(userId: string, page: PageQuery, status?: 'open' | 'closed'): Promise<Page<CopiedTrade>>;
  abstract mySkips(userId: string, page: PageQuery): Promise<Page<SkipRecord>>;
  abstract traderTrades(traderId: number, page: PageQuery, status?: 'open' | 'closed'): Promise<Page<TradeRecord>>;
  abstract followers(traderId: number, page: PageQuery): Promise<Page<Follower>>;
  abstract settings(userId: string): Promise<CopySettings>;
  abstract userFacts(userId: string): Promise<UserCopyFacts>;
}
