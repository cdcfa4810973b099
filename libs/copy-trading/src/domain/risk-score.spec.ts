import { DAILY_VOLATILITY_PCT, dailyVar95, NEW_TRADER_CLOSED_TRADES, openVar95, RISK_BANDS, riskComponents, riskScore, riskScoreHistory } from './risk-score';

const days = (values: number[]) => [...values, ...Array(30 - values.length).fill(0)];

describe('risk score (1–10 from the one-day 95 % VaR of 30 daily returns)', () => {
  it('no trades, or the same return every day, is the calmest score', () => {
    expect(riskScore(Array(30).fill(0))).toBe(1);
    expect(riskScore(Array(30).fill(0.4))).toBe(1);
    expect(riskScore([])).toBe(1);
  });

  it('VaR95 = 1.645 × population σ', () => {
    // returns alternating +1 / −1: σ = 1 → VaR 1.645 %
    const alt = Array.from({ length: 30 }, (_, i) => (i % 2 ? 1 : -1));
    expect(dailyVar95(alt)).toBeCloseTo(1.645, 10);
    expect(riskScore(alt)).toBe(7); // 1.5 < 1.645 ≤ 2.25
  });

  it('each band boundary maps to its score, just above it to the next', () => {
    RISK_BANDS.forEach((upper, i) => {
      const sigma = upper / 1.645;
      const at = Array.from({ length: 30 }, (_, k) => (k % 2 ? sigma : -sigma));
      expect(riskScore(at)).toBe(i + 1);
      const above = at.map((r) => r * 1.01);
      expect(riskScore(above)).toBe(i + 2);
    });
  });

  it('one large losing day raises the score; scores stay within 1..10', () => {
    expect(riskScore(days([-3]))).toBeGreaterThan(riskScore(days([-0.3])));
    expect(riskScore(days([-80, 90]))).toBe(10);
    for (let s = 0; s < 50; s++) {
      const r = Array.from({ length: 30 }, (_, i) => Math.sin(i * (s + 1)) * s);
      const score = riskScore(r);
      expect(score).toBeGreaterThanOrEqual(1);
      expect(score).toBeLessThanOrEqual(10);
    }
    expect(NEW_TRADER_CLOSED_TRADES).toBe(10);
  });

  it('open exposure: a trader holding large open positions is not calm because nothing closed', () => {
    const quiet = Array(30).fill(0);
    expect(riskScore(quiet)).toBe(1);
    // Half a copier's equity in one crypto trade: VaR95 = 1.645 × 0.5 × 60/√365 % ≈ 2.58 % → score 8.
    expect(openVar95([{ market: 'Crypto', weight: 0.5 }])).toBeCloseTo(1.645 * 0.5 * (60 / Math.sqrt(365)), 10);
    expect(riskScore(quiet, [{ market: 'Crypto', weight: 0.5 }])).toBe(8);
    // The same in FX (8 % a year) weighs far less; all of the equity in stocks is an 8, all of it in crypto a 10.
    expect(riskScore(quiet, [{ market: 'Forex', weight: 0.5 }])).toBe(3);
    expect(riskScore(quiet, [{ market: 'Stocks', weight: 1 }])).toBe(8);
    expect(riskScore(quiet, [{ market: 'Crypto', weight: 0.75 }, { market: 'Crypto', weight: 0.25 }])).toBe(10);
    // an unknown market counts as the wildest
    expect(openVar95([{ market: 'Moon', weight: 0.1 }])).toBeCloseTo(1.645 * 0.1 * DAILY_VOLATILITY_PCT.Crypto, 10);
    // the larger of the two VaRs decides: a wild history is not calmed by small open positions
    const wild = Array.from({ length: 30 }, (_, i) => (i % 2 ? 4 : -4));
    expect(riskScore(wild, [{ market: 'Forex', weight: 0.01 }])).toBe(riskScore(wild));
    expect(openVar95([])).toBe(0);
  });
});

describe('the risk score explained (GET traders/:id/risk)', () => {
  it('components: both values at risk, the larger weighing 1; the score is its band', () => {
    // Daily returns of ±1 %: σ = 1, VaR95 = 1.645 → 7. Half the equity in crypto: 1.645 × 0.5 × 60/√365 ≈ 2.58 → 8.
    const daily = Array.from({ length: 30 }, (_, i) => (i % 2 ? 1 : -1));
    const calm = riskComponents(daily);
    expect(calm).toEqual([{ name: 'history', value: 1.65, weight: 1 }, { name: 'open', value: 0, weight: 0 }]);
    expect(riskScore(daily)).toBe(7);
    const held = riskComponents(daily, [{ market: 'Crypto', weight: 0.5 }]);
    expect(held).toEqual([{ name: 'history', value: 1.65, weight: 0 }, { name: 'open', value: 2.58, weight: 1 }]);
    expect(riskScore(daily, [{ market: 'Crypto', weight: 0.5 }])).toBe(8);
  });

  it('history: each day scored on the 30 days ending that day, the last `points` days only', () => {
    // 40 calm days (0 %), then 20 wild days (±3 %): the window reaches the wild days one day at a time.
    const daily = Array.from({ length: 60 }, (_, i) => ({ date: `d${String(i).padStart(2, '0')}`, returnPct: i < 40 ? 0 : i % 2 ? 3 : -3 }));
    const history = riskScoreHistory(daily, 25);
    expect(history.map((h) => h.date)).toEqual(daily.slice(35).map((d) => d.date));
    expect(history.slice(0, 5).map((h) => h.score)).toEqual([1, 1, 1, 1, 1]);
    for (const [i, point] of history.entries()) {
      expect(point.score).toBe(riskScore(daily.slice(35 + i - 29, 35 + i + 1).map((d) => d.returnPct)));
    }
    expect(history[history.length - 1].score).toBeGreaterThan(history[5].score);
    // Fewer days than a window and the points: only the days with a full window behind them.
    expect(riskScoreHistory(daily.slice(0, 31), 90).map((h) => h.date)).toEqual(['d29', 'd30']);
  });
});
