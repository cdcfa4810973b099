import { isObj, num, numOrNull, pick, str } from '../../../lib/normalize';

export const TRADER_TYPES = ['ICT Trader', 'SMC Trader', 'Price Action Trader', 'Swing Trader', 'Scalper', 'Trend Follower', 'Algorithmic Trader'];
export const SORTS = [
  { value: 'roi', label: 'ROI (30 days)' },
  { value: 'accuracy', label: 'Accuracy' },
  { value: 'followers', label: 'Followers' },
] as const;
export type TraderSort = (typeof SORTS)[number]['value'];

export interface Trader {
  id: string;
  name: string;
  description: string;
  traderType: string;
  strategySummary: string;
  strategyExplanation: string;
  image: string | null;
  share: number;
  tradingAccuracy: number;
  roi30d: number | null;
  maxDrawdown: number | null;
  followers: number;
  closedTrades: number | null;
  assetsCopying: string | null;
  dayLabels: string[];
  dailyPnls: number[];
  copiersPnl: string | null;
  /** 1–10 (docs/copy-trading.md); null from an older server */
  riskScore: number | null;
  /** fewer than 10 closed trades: no track record yet */
  newTrader: boolean;
  /** compounded return over the last 30 days, %, a point a day (the card's sparkline) */
  equityCurve30d: number[];
}

export interface RecentTrade {
  id: string;
  market: string;
  pair: string;
  side: string;
  pnlPct: number | null;
  closedAt: string;
}

export interface TraderDetails extends Trader {
  recentTrades: RecentTrade[];
}

export function toTrader(raw: unknown): Trader {
  const o = isObj(raw) ? raw : {};
  const daily = Array.isArray(o.daily) ? (o.daily as unknown[]) : [];
  const labels = Array.isArray(o.dayLabels) ? o.dayLabels : Array.isArray(o.tenDayLabels) ? o.tenDayLabels : daily.map((d) => str(pick(d, 'label', 'date')));
  const pnls = Array.isArray(o.dailyPnls) ? o.dailyPnls : Array.isArray(o.tenDailyPnls) ? o.tenDailyPnls : daily.map((d) => num(pick(d, 'pnl')));
  return {
    id: str(pick(o, 'id', 'traderID', 'traderId')),
    name: str(o.name, 'Trader'),
    description: str(o.description),
    traderType: str(o.traderType),
    strategySummary: str(o.strategySummary),
    strategyExplanation: str(o.strategyExplanation),
    image: typeof o.image === 'string' && o.image ? o.image : null,
    share: num(o.share),
    tradingAccuracy: num(o.tradingAccuracy),
    roi30d: numOrNull(pick(o, 'roi30d', 'roi')),
    maxDrawdown: numOrNull(o.maxDrawdown),
    followers: num(pick(o, 'followers', 'followersCount')),
    closedTrades: numOrNull(o.closedTrades),
    assetsCopying: o.assetsCopying === undefined ? null : str(o.assetsCopying),
    dayLabels: (labels as unknown[]).map((l) => str(l)),
    dailyPnls: (pnls as unknown[]).map((v) => num(v)),
    copiersPnl: o.copiersPnl === undefined ? null : str(o.copiersPnl),
    riskScore: numOrNull(o.riskScore),
    newTrader: o.newTrader === true,
    equityCurve30d: Array.isArray(o.equityCurve30d) ? o.equityCurve30d.map(Number).filter(Number.isFinite) : [],
  };
}

export function toTraderDetails(raw: unknown): TraderDetails {
  const o = isObj(raw) ? (isObj(raw.trader) ? raw.trader : raw) : {};
  const trades = Array.isArray(o.recentTrades) ? o.recentTrades : isObj(raw) && Array.isArray(raw.recentTrades) ? raw.recentTrades : [];
  return {
    ...toTrader(o),
    recentTrades: (trades as unknown[]).map((t) => ({
      id: str(pick(t, 'id')),
      market: str(pick(t, 'market', 'Market')),
      pair: str(pick(t, 'pair', 'Pair')),
      side: str(pick(t, 'side')),
      pnlPct: numOrNull(pick(t, 'pnlPct', 'pnl', 'Pnl')),
      closedAt: str(pick(t, 'closedAt')),
    })),
  };
}
