import {
  allocationSlices,
  coveredDays,
  daysTrading,
  historyShorterThan,
  isFull,
  marketsOf,
  periodClosedStats,
  sharpeRatio,
  type PeriodFacts,
} from './discovery';
import { markedStats } from './trader-stats';

const facts = (over: Partial<PeriodFacts> = {}): PeriodFacts => ({
  closedTrades: 0,
  wins: 0,
  roi: 0,
  curveLast: 1,
  curvePeak: 1,
  maxDrawdown: 0,
  copiersNet: '0.00',
  sumDaily: 0,
  sumSqDaily: 0,
  ...over,
});

describe('discovery periods', () => {
  const now = new Date('2026-11-28T10:00:00Z');

  it('daysTrading counts UTC calendar days, both ends; 0 without a trade', () => {
    expect(daysTrading(null, now)).toBe(0);
    expect(daysTrading('2026-11-28T00:00:01Z', now)).toBe(1);
    expect(daysTrading('2026-11-27T23:59:59Z', now)).toBe(2);
    expect(daysTrading('2026-10-29T12:00:00Z', now)).toBe(31);
  });

  it('a period covers its days or the shorter history; "since" only when the history is shorter', () => {
    expect(coveredDays('7d', 100)).toBe(7);
    expect(coveredDays('1y', 31)).toBe(31);
    expect(coveredDays('all', 31)).toBe(31);
    expect(historyShorterThan('1y', 31)).toBe(true);
    expect(historyShorterThan('30d', 30)).toBe(false);
    expect(historyShorterThan('all', 1)).toBe(false);
  });

  it('a period is marked by the same markedStats as the whole record, over its own trades', () => {
    const returns30 = Array.from({ length: 30 }, () => 0);
    const stats = markedStats(periodClosedStats(facts({ closedTrades: 4, wins: 3, roi: 5, curveLast: 1.05, curvePeak: 1.06, maxDrawdown: 2 }), returns30), [], new Map());
    expect(stats).toMatchObject({ tradingAccuracy: 75, roi30d: 5, maxDrawdown: 2, openTrades: 0 });
  });
});

describe('sharpeRatio', () => {
  it('is the annualised mean over the sample deviation of the daily returns, zero days included', () => {
    // 10 days: five of +1 %, five of 0 %: mean 0.5, sample sd √(2.5/9).
    const expected = Math.round((0.5 / Math.sqrt(2.5 / 9)) * Math.sqrt(365) * 100) / 100;
    expect(sharpeRatio({ sumDaily: 5, sumSqDaily: 5 }, 10, 0, 0)).toBe(expected);
  });

  it('books the open trades on today: a loss held open lowers it', () => {
    const closedOnly = sharpeRatio({ sumDaily: 5, sumSqDaily: 5 }, 10, 1, 0);
    const withOpenLoss = sharpeRatio({ sumDaily: 5, sumSqDaily: 5 }, 10, 1, -3);
    expect(withOpenLoss).toBeLessThan(closedOnly);
    // Today's +1 % becomes −2 %: Σ 2, Σ² 4 + 4 = 8.
    expect(withOpenLoss).toBe(sharpeRatio({ sumDaily: 2, sumSqDaily: 8 }, 10, 0, 0));
  });

  it('is 0 with fewer than two days or no variation', () => {
    expect(sharpeRatio({ sumDaily: 1, sumSqDaily: 1 }, 1, 1, 0)).toBe(0);
    expect(sharpeRatio({ sumDaily: 0, sumSqDaily: 0 }, 30, 0, 0)).toBe(0);
    expect(sharpeRatio({ sumDaily: 3, sumSqDaily: 3 }, 3, 1, 0)).toBe(0);
  });
});

describe('allocation', () => {
  it('shares of Σ allocationPct by symbol, largest first; the markets by weight', () => {
    const slices = allocationSlices([
      { market: 'Forex', symbol: 'EURUSD', trades: 1, weight: 10 },
      { market: 'Crypto', symbol: 'BTCUSDT', trades: 2, weight: 20 },
      { market: 'Crypto', symbol: 'ETHUSDT', trades: 1, weight: 10 },
    ]);
    expect(slices).toEqual([
      { market: 'Crypto', symbol: 'BTCUSDT', trades: 2, pct: 50 },
      { market: 'Crypto', symbol: 'ETHUSDT', trades: 1, pct: 25 },
      { market: 'Forex', symbol: 'EURUSD', trades: 1, pct: 25 },
    ]);
    expect(marketsOf(slices)).toEqual(['Crypto', 'Forex']);
    expect(allocationSlices([])).toEqual([]);
  });

  it('a trader is full at maxCopiers', () => {
    expect(isFull(1, 2)).toBe(false);
    expect(isFull(2, 2)).toBe(true);
  });
});
