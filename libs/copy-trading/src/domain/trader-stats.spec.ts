import { riskScore } from './risk-score';
import { compounded, markedStats, openReturn, type ClosedTradeStats, type OpenTradeFacts } from './trader-stats';

const quiet = Array(30).fill(0) as number[];
const noClosed: ClosedTradeStats = { closedTrades: 0, wins: 0, roi30: 0, curveLast: 1, curvePeak: 1, maxDrawdown: 0, returns30: quiet };
const buy = (symbol: string, entryPrice: string, allocationPct: number, market = 'Crypto'): OpenTradeFacts => ({ symbol, side: 'buy', entryPrice, allocationPct, market });
const marks = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([symbol, price]) => [symbol, { bid: price, ask: price }]));

describe('trader statistics marked to the market (product.md §11.3)', () => {
  it('sizes open trades on the free equity left when each opened, and marks each at its close side', () => {
    // 50 % then 50 % of what is left: weights 0.5 and 0.25 of a copier's equity.
    const open = [buy('BTCUSDT', '100', 50), { ...buy('ETHUSDT', '200', 50), side: 'sell' as const }];
    const r = openReturn(open, new Map([['BTCUSDT', { bid: '90', ask: '91' }], ['ETHUSDT', { bid: '209', ask: '210' }]]));
    // buy marked at the bid: −10 % × 0.5; sell marked at the ask: −5 % × 0.25
    expect(r.pnl).toBeCloseTo(-0.05 - 0.0125, 12);
    expect(r.losers).toBe(2);
    expect(r.exposure).toEqual([{ market: 'Crypto', weight: 0.5 }, { market: 'Crypto', weight: 0.25 }]);
    // a loss never passes −100 % of the position (a sell whose price triples)
    expect(openReturn([{ ...buy('X', '10', 100), side: 'sell' }], marks({ X: '30' })).pnl).toBe(-1);
    // without a quote a trade has no mark: exposure only
    expect(openReturn([buy('AAPL', '190', 20, 'Stocks')], new Map())).toEqual({ pnl: 0, losers: 0, exposure: [{ market: 'Stocks', weight: 0.2 }] });
  });

  it('the cherry-picker: winners closed, losers left open — accuracy, ROI and drawdown tell the truth', () => {
    // Three winners closed at +10 % on 20 % allocations (+2 % each), three losers left open, now −10 % each.
    const closed: ClosedTradeStats = {
      closedTrades: 3,
      wins: 3,
      roi30: 6,
      curveLast: 1.02 ** 3,
      curvePeak: 1.02 ** 3,
      maxDrawdown: 0,
      returns30: [...quiet.slice(0, 29), 6],
    };
    const open = [buy('BTCUSDT', '100', 20), buy('ETHUSDT', '100', 20), buy('SOLUSDT', '100', 20)];
    const stats = markedStats(closed, open, marks({ BTCUSDT: '90', ETHUSDT: '90', SOLUSDT: '90' }));
    // weights 0.2, 0.16, 0.128 → −10 % of 0.488
    expect(stats.openTrades).toBe(3);
    expect(stats.openPnlPct).toBe(-4.88);
    expect(stats.tradingAccuracy).toBe(50); // 3 wins of 6 judged trades, not 3 of 3
    expect(stats.roi30d).toBe(1.12); // 6 − 4.88
    // the curve's peak 1.0612 falls to 1.0612 × (1 − 0.0488): a 4.88 % drawdown
    expect(stats.maxDrawdown).toBe(4.88);
    expect(stats.equityCurve30d[29]).toBe(1.12);
    // with their marks back at entry, the open trades are neither losers nor a drawdown
    const flat = markedStats(closed, open, marks({ BTCUSDT: '100', ETHUSDT: '100', SOLUSDT: '100' }));
    expect(flat).toMatchObject({ tradingAccuracy: 100, roi30d: 6, maxDrawdown: 0, openPnlPct: 0, openTrades: 3 });
  });

  it('an open winner is not a win yet, and lifts ROI and the curve (no drawdown from a rise)', () => {
    const closed: ClosedTradeStats = { ...noClosed, closedTrades: 4, wins: 2, roi30: -1, curveLast: 0.98, curvePeak: 1.01, maxDrawdown: 2.97 };
    const stats = markedStats(closed, [buy('BTCUSDT', '100', 10)], marks({ BTCUSDT: '130' }));
    expect(stats).toMatchObject({ tradingAccuracy: 50, openPnlPct: 3, roi30d: 2, maxDrawdown: 2.97, openTrades: 1 });
    // the open return lands on today's point of the curve: 0.98 × 1.03 is a new peak, the old drawdown stays the max
    expect(stats.equityCurve30d).toEqual(compounded([...quiet.slice(0, 29), 3]));
  });

  it('a new trader with only open losers: 0 % accuracy, the loss as ROI and drawdown, a risk score for what it holds', () => {
    const stats = markedStats(noClosed, [buy('BTCUSDT', '100', 50)], marks({ BTCUSDT: '80' }));
    expect(stats).toMatchObject({ tradingAccuracy: 0, openTrades: 1, openPnlPct: -10, roi30d: -10, maxDrawdown: 10 });
    // today's −10 % in 30 days: σ ≈ 1.8 %, VaR95 ≈ 2.95 % → 8 (half the equity in crypto alone gives the same band)
    expect(stats.riskScore).toBe(8);
    // nothing at all: zeros, the calmest score
    expect(markedStats(noClosed, [], new Map())).toEqual({
      tradingAccuracy: 0,
      roi30d: 0,
      maxDrawdown: 0,
      openTrades: 0,
      openPnlPct: 0,
      riskScore: 1,
      equityCurve30d: Array(30).fill(0),
    });
    // open but flat: the exposure alone sets the score
    expect(markedStats(noClosed, [buy('BTCUSDT', '100', 50)], marks({ BTCUSDT: '100' })).riskScore).toBe(riskScore(quiet, [{ market: 'Crypto', weight: 0.5 }]));
  });
});
