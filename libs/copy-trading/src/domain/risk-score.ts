/**
 * The trader's risk score, 1 (calm) to 10 (wild), from a one-day 95 % value at risk in the spirit of eToro's risk
 * score — the larger of two:
 *
 *   history: r_d   = Σ over the trades closed on day d of pnlPct × allocationPct / 100   (% of a copier's equity;
 *                    a day without a close is 0; today's also holds the open trades' return at their marks)
 *            σ     = population standard deviation of r_1 … r_30
 *            VaR95 = 1.645 × σ
 *   open:    VaR95 = 1.645 × Σ over the open trades of weight × σ_day(market)
 *                    (weight: the share of a copier's equity the trade holds; σ_day: the market's typical daily
 *                    volatility), so a trader who holds large open positions cannot look calm because nothing closed
 *   score  = the first band whose upper bound the larger VaR95 does not exceed (RISK_BANDS), 10 above the last
 *
 * docs/copy-trading.md lists the bands.
 */
export const RISK_WINDOW_DAYS = 30;
export const VAR_Z_95 = 1.645;
/** Upper bounds of the one-day 95 % VaR (in % of equity) for scores 1 … 9; above the last: 10. */
export const RISK_BANDS: readonly number[] = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2.25, 3.5, 5];
/**
 * A market's typical one-day volatility, % (the yearly volatilities of product.md §9.2 — 8 % FX, 60 % crypto,
 * 30 % stocks — over √260, √365 and √252 trading days). An unknown market counts as the wildest.
 */
export const DAILY_VOLATILITY_PCT: Readonly<Record<string, number>> = {
  Forex: 8 / Math.sqrt(260),
  Crypto: 60 / Math.sqrt(365),
  Stocks: 30 / Math.sqrt(252),
};

/** An open trade's share of a copier's equity (0–1) and its market. */
export interface OpenExposure {
  market: string;
  weight: number;
}

export function dailyVar95(dailyReturnsPct: readonly number[]): number {
  const n = dailyReturnsPct.length;
  if (n === 0) return 0;
  const mean = dailyReturnsPct.reduce((a, b) => a + b, 0) / n;
  const variance = dailyReturnsPct.reduce((a, r) => a + (r - mean) ** 2, 0) / n;
  return VAR_Z_95 * Math.sqrt(variance);
}

/** The one-day 95 % VaR of the open trades, % of a copier's equity (each trade's volatility counted in full). */
export function openVar95(exposure: readonly OpenExposure[]): number {
  const wildest = Math.max(...Object.values(DAILY_VOLATILITY_PCT));
  return VAR_Z_95 * exposure.reduce((sum, e) => sum + e.weight * (DAILY_VOLATILITY_PCT[e.market] ?? wildest), 0);
}

export function riskScore(dailyReturnsPct: readonly number[], openExposure: readonly OpenExposure[] = []): number {
  const v = Math.max(dailyVar95(dailyReturnsPct), openVar95(openExposure));
  const band = RISK_BANDS.findIndex((upper) => v <= upper + 1e-12);
  return band === -1 ? 10 : band + 1;
}

/** Accuracy and ROI mean little before this many closed trades: the SPA shows "New trader" instead. */
export const NEW_TRADER_CLOSED_TRADES = 10;

/** One of the two values at risk the score is the band of (GET traders/:id/risk). */
export interface RiskComponent {
  /** `history`: the daily returns of the last 30 days; `open`: the open trades' market volatility */
  name: 'history' | 'open';
  /** its one-day 95 % VaR, % of a copier's equity */
  value: number;
  /** 1 for the one that sets the score (the larger), 0 for the other */
  weight: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** What the score is made of: both values at risk, the larger one weighing 1 (riskScore takes the larger). */
export function riskComponents(dailyReturnsPct: readonly number[], openExposure: readonly OpenExposure[] = []): RiskComponent[] {
  const history = dailyVar95(dailyReturnsPct);
  const open = openVar95(openExposure);
  return [
    { name: 'history', value: round2(history), weight: history >= open ? 1 : 0 },
    { name: 'open', value: round2(open), weight: history >= open ? 0 : 1 },
  ];
}

/**
 * The score day by day: for each of the last `points` days (oldest first), the band of the daily returns of the
 * RISK_WINDOW_DAYS days ending that day. `daily` holds one return per consecutive UTC day, oldest first, today last,
 * at least points + RISK_WINDOW_DAYS − 1 of them. Past days have no open exposure on record: today's point is the
 * caller's (the live score with the open trades).
 */
export function riskScoreHistory(daily: ReadonlyArray<{ date: string; returnPct: number }>, points: number): Array<{ date: string; score: number }> {
  const first = Math.max(RISK_WINDOW_DAYS - 1, daily.length - points);
  const history: Array<{ date: string; score: number }> = [];
  for (let i = first; i < daily.length; i++) {
    history.push({ date: daily[i].date, score: riskScore(daily.slice(i - RISK_WINDOW_DAYS + 1, i + 1).map((d) => d.returnPct)) });
  }
  return history;
}
