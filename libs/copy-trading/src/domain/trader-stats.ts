import { canonicalPrice, closePrice, tradePnlPct, type TradeSide } from './copy-math';
import { riskScore, type OpenExposure } from './risk-score';

/**
 * A trader's public statistics, marked to the market (product.md §11.3): a trade left open counts at its mark,
 * so closing the winners and leaving the losers open shows in every figure. docs/copy-trading.md, "Honest
 * statistics". A trade's return on a copier's equity is pnlPct × allocationPct / 100, as everywhere in the
 * statistics; figures are display numbers (floats), never money.
 */

/** An open trade as the statistics see it (no size: a trade's allocation is the share of free equity it takes). */
export interface OpenTradeFacts {
  symbol: string;
  side: TradeSide;
  entryPrice: string;
  allocationPct: number;
  /** Forex | Crypto | Stocks: how much the open exposure weighs in the risk score */
  market: string;
}

/** What the closed trades give (one SQL row per trader; cached until a trade or a copy changes). */
export interface ClosedTradeStats {
  closedTrades: number;
  /** closed trades with pnlPct > 0 */
  wins: number;
  /** Σ returns (%) of the trades closed in the last 30 days */
  roi30: number;
  /** the compounded return curve of the closed trades, in close order, from 1: its last point and its highest */
  curveLast: number;
  curvePeak: number;
  /** the largest peak-to-trough fall of that curve, % */
  maxDrawdown: number;
  /** the daily returns (%) of the last 30 UTC days, oldest first, today last (a day without a close is 0) */
  returns30: number[];
}

/** The figures that depend on the marks. */
export interface MarkedStats {
  /** wins / (closed trades + open trades whose mark is a loss) × 100 */
  tradingAccuracy: number;
  /** Σ returns of the trades closed in the last 30 days + the open trades' return at their marks, % */
  roi30d: number;
  /** the largest fall of the equity curve that ends with the open trades at their marks, % */
  maxDrawdown: number;
  openTrades: number;
  /** the open trades' unrealized return at their marks as a copier's equity sees it, % */
  openPnlPct: number;
  riskScore: number;
  /** 30 daily returns (today's with the open trades at their marks) compounded, % since the window's start */
  equityCurve30d: number[];
}

/** A mark: the latest quote of a symbol (the close side of it marks a trade). */
export type Marks = ReadonlyMap<string, { bid: string; ask: string }>;

const round2 = (value: number): number => Math.round(value * 100) / 100;
/** As the closed curve in SQL: a growth factor never falls below this (a −100 % return would end the curve). */
const CURVE_FLOOR = 0.0001;

export interface OpenReturn {
  /** Σ weight × return at the mark, a fraction of the copier's equity (−0.05 = −5 %) */
  pnl: number;
  /** open trades whose mark is a loss */
  losers: number;
  /** the share of a copier's equity each open trade holds, with its market */
  exposure: OpenExposure[];
}

/**
 * The open trades at their marks as a copier who took them all sees them: each took `allocationPct` of the free
 * equity left when it opened (oldest first, as the fan-out sizes positions), and returns (mark − entry) / entry,
 * negated for a sell, never below −100 %. A trade without any quote has no mark: it counts in the exposure only.
 */
export function openReturn(open: readonly OpenTradeFacts[], marks: Marks): OpenReturn {
  let free = 1;
  let pnl = 0;
  let losers = 0;
  const exposure: OpenExposure[] = [];
  for (const trade of open) {
    const weight = (free * trade.allocationPct) / 100;
    free -= weight;
    exposure.push({ market: trade.market, weight });
    const quote = marks.get(trade.symbol);
    if (!quote) continue;
    const returnPct = Math.max(-100, Number(tradePnlPct(trade.entryPrice, canonicalPrice(closePrice(trade.side, quote)), trade.side)));
    pnl += (weight * returnPct) / 100;
    if (returnPct < 0) losers++;
  }
  return { pnl, losers, exposure };
}

/** A point of the compounded return curve (a growth factor) with the open trades' return on top. */
export function withOpenReturn(factor: number, openPnl: number): number {
  return Math.max(CURVE_FLOOR, factor * (1 + openPnl));
}

/** Daily returns (%) compounded into the return since the start (%), one point a day. */
export function compounded(returns: readonly number[]): number[] {
  let equity = 1;
  return returns.map((r) => {
    equity *= Math.max(0, 1 + r / 100);
    return round2((equity - 1) * 100);
  });
}

/** The daily returns (%) with the open trades' return (a fraction of equity) booked on today's, the last. */
export function markedDailyReturns(returns: readonly number[], openPnl: number): number[] {
  return returns.length ? [...returns.slice(0, -1), returns[returns.length - 1] + openPnl * 100] : [];
}

/**
 * The marked statistics. The open trades' return is booked now: it is today's point of the daily returns and the
 * last point of the equity curve (whose peak before it stays a peak: an open loss is a drawdown), and it adds to
 * the 30-day ROI, however long ago a trade opened. An open loser counts as a losing trade; an open winner is not
 * a win until it closes.
 */
export function markedStats(closed: ClosedTradeStats, open: readonly OpenTradeFacts[], marks: Marks): MarkedStats {
  const now = openReturn(open, marks);
  const judged = closed.closedTrades + now.losers;
  const last = withOpenReturn(closed.curveLast, now.pnl);
  const peak = Math.max(1, closed.curvePeak, last);
  const returns30 = markedDailyReturns(closed.returns30, now.pnl);
  return {
    tradingAccuracy: judged ? round2((closed.wins * 100) / judged) : 0,
    roi30d: round2(closed.roi30 + now.pnl * 100),
    maxDrawdown: round2(Math.max(closed.maxDrawdown, (1 - last / peak) * 100)),
    openTrades: open.length,
    openPnlPct: round2(now.pnl * 100),
    riskScore: riskScore(returns30, now.exposure),
    equityCurve30d: compounded(returns30),
  };
}
