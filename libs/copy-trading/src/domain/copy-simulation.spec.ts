import { simulateCopy, type SimulatedTrade } from './copy-simulation';

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 0, d, h));
const trade = (id: string, side: 'buy' | 'sell', allocationPct: number, entryPrice: string, openedAt: Date, exitPrice: string | null, closedAt: Date | null): SimulatedTrade => ({
  id, symbol: 'BTCUSDT', side, allocationPct, entryPrice, openedAt, exitPrice, closedAt,
});
const settings = { amount: 100_000n, sharePct: 20, stopLossPct: null, takeProfitPct: null, from: day(1, 0), now: day(5), markOf: () => null };

describe('simulateCopy', () => {
  it('sizes on free equity, settles toward zero, charges profit share above the mark and skips trades before from', () => {
    const result = simulateCopy(
      [
        trade('1', 'buy', 50, '100', new Date(Date.UTC(2025, 11, 31)), '200', day(2)), // before from: not taken
        trade('2', 'buy', 50, '100', day(1), '110', day(3)), // 500.00 → +50.00, fee 10.00
        trade('3', 'sell', 50, '3', day(2), '3.3', day(3, 13)), // 50 % of the 500.00 free → 250.00 → −25.00
      ],
      settings,
    );
    expect(result).toMatchObject({ finalEquity: 101_500n, feesPaid: 1_000n, trades: 2, stoppedAt: null, stopReason: null });
    expect(result.points.map((p) => p.equity)).toEqual([100_000n, 100_000n, 101_500n, 101_500n, 101_500n]);
    expect(result.maxDrawdownPct).toBe(2.4); // 104,000 → 101,500
  });

  it('a take profit reached at a settlement stops the copy: no new trade, it ends when nothing is open', () => {
    const result = simulateCopy(
      [
        trade('1', 'buy', 50, '100', day(1), null, null),
        trade('2', 'buy', 50, '100', day(1, 13), '150', day(2)), // 250.00 of the 500.00 free → +125.00: 1,125.00 ≥ 1,100.00
        trade('3', 'buy', 50, '100', day(3), '200', day(3, 14)), // not taken: stopping
      ],
      { ...settings, sharePct: 0, takeProfitPct: 10, markOf: () => '90' },
    );
    // the first trade is still open: the copy is stopping, its live equity marks it at 90
    expect(result).toMatchObject({ stopReason: 'take_profit', stoppedAt: null, trades: 2, finalEquity: 112_500n - 5_000n }); // 500.00 at −10 %
  });

  it('a stop loss at a settlement ends a copy with nothing else open, at its equity', () => {
    const result = simulateCopy([trade('1', 'sell', 100, '10', day(1), '13', day(2)), trade('2', 'buy', 100, '10', day(3), '20', day(4))], {
      ...settings,
      stopLossPct: 80,
    });
    expect(result).toMatchObject({ stopReason: 'stop_loss', stoppedAt: day(2), finalEquity: 70_000n, trades: 1, maxDrawdownPct: 30 });
  });
});
