/**
 * The trader's risk score, 1 (calm) to 10 (wild), from the volatility of the trader's daily returns over
 * the last 30 UTC days — a value-at-risk measure in the spirit of eToro's risk score.
 *
 *   r_d   = Σ over the trades closed on day d of pnlPct × allocationPct / 100   (% of a copier's equity;
 *           a day without a close is 0)
 *   σ     = population standard deviation of r_1 … r_30
 *   VaR95 = 1.645 × σ                                                           (one-day 95 % VaR, %)
 *   score = the first band whose upper bound VaR95 does not exceed (RISK_BANDS), 10 above the last
 *
 * docs/copy-trading.md lists the bands.
 */
export const RISK_WINDOW_DAYS = 30;
export const VAR_Z_95 = 1.645;
/** Upper bounds of the one-day 95 % VaR (in % of equity) for scores 1 … 9; above the last: 10. */
export const RISK_BANDS: readonly number[] = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2.25, 3.5, 5];

export function dailyVar95(dailyReturnsPct: readonly number[]): number {
  const n = dailyReturnsPct.length;
  if (n === 0) return 0;
  const mean = dailyReturnsPct.reduce((a, b) => a + b, 0) / n;
  const variance = dailyReturnsPct.reduce((a, r) => a + (r - mean) ** 2, 0) / n;
  return VAR_Z_95 * Math.sqrt(variance);
}

export function riskScore(dailyReturnsPct: readonly number[]): number {
  const v = dailyVar95(dailyReturnsPct);
  const band = RISK_BANDS.findIndex((upper) => v <= upper + 1e-12);
  return band === -1 ? 10 : band + 1;
}

/** Accuracy and ROI mean little before this many closed trades: the SPA shows "New trader" instead. */
export const NEW_TRADER_CLOSED_TRADES = 10;
