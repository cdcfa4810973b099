import { rebaseCurve, withOpenTrades } from './read-trader-performance.use-case';

describe('the equity curve of a period (rebaseCurve)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const growth = [
    { date: '2026-06-01', factor: 1.1 },
    { date: '2026-11-01', factor: 1.21 },
    { date: '2026-11-20', factor: 1.089 },
  ];

  it('all: starts at 0 % the day before the first trade and compounds from there; ends today', () => {
    expect(rebaseCurve(growth, 'all', now)).toEqual([
      { date: '2026-05-31', returnPct: 0 },
      { date: '2026-06-01', returnPct: 10 },
      { date: '2026-11-01', returnPct: 21 },
      { date: '2026-11-20', returnPct: 8.9 },
      { date: '2026-11-23', returnPct: 8.9 },
    ]);
  });

  it('1M / 3M: rebased on the growth at the period start (what came before is 0 %)', () => {
    // 30 days back is 2026-10-24: base 1.1 (the June trade), so Nov 1 is +10 %, Nov 20 is −1 %.
    expect(rebaseCurve(growth, '1M', now)).toEqual([
      { date: '2026-10-24', returnPct: 0 },
      { date: '2026-11-01', returnPct: 10 },
      { date: '2026-11-20', returnPct: -1 },
      { date: '2026-11-23', returnPct: -1 },
    ]);
    expect(rebaseCurve(growth, '3M', now)[0]).toEqual({ date: '2026-08-24', returnPct: 0 });
    expect(rebaseCurve(growth, '1Y', now).map((p) => p.returnPct)).toEqual([0, 10, 21, 8.9, 8.9]);
  });

  it('no trade at all: a flat line from the start to today', () => {
    expect(rebaseCurve([], 'all', now)).toEqual([{ date: '2026-11-23', returnPct: 0 }]);
    expect(rebaseCurve([], '1M', now)).toEqual([
      { date: '2026-10-24', returnPct: 0 },
      { date: '2026-11-23', returnPct: 0 },
    ]);
  });
});

describe('the curve with the open trades at their marks (withOpenTrades)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('puts the open trades\' return on today\'s point: a new point, or on top of a close today', () => {
    const growth = [{ date: '2026-11-20', factor: 1.1 }];
    expect(withOpenTrades(growth, -0.05, now)).toEqual([...growth, { date: '2026-11-23', factor: 1.1 * 0.95 }]);
    expect(withOpenTrades([...growth, { date: '2026-11-23', factor: 1.2 }], 0.1, now)).toEqual([...growth, { date: '2026-11-23', factor: 1.2 * 1.1 }]);
    expect(withOpenTrades([], -0.1, now)).toEqual([{ date: '2026-11-23', factor: 0.9 }]);
    expect(withOpenTrades(growth, 0, now)).toBe(growth);
    // so an open loss is on the chart as in the drawdown: rebased, today ends 5 % below the close of the 20th
    expect(rebaseCurve(withOpenTrades(growth, -0.05, now), '1M', now).map((p) => p.returnPct)).toEqual([0, 10, 4.5]);
  });
});
