import fc from 'fast-check';
import { copyEnds, dailyLossLimitReached, isValidPrice, pnlPctInRange, positionPnl, positionSize, profitShare, scaleOnWithdrawal, scalePrice, stopLossHit, takeProfitHit, tradePnlPct } from './copy-math';
import { checkCopyGuards, nextStatus } from './copy';

describe('copy sizing', () => {
  it('commits floor(freeEquity × allocationPct / 100) cents', () => {
    expect(positionSize(50_000n, 50)).toBe(25_000n);
    expect(positionSize(999n, 33)).toBe(329n); // 329.67 → 329
    expect(positionSize(1n, 99)).toBe(0n); // too small: skipped, not failed
    expect(positionSize(12_345n, 100)).toBe(12_345n);
    expect(positionSize(0n, 100)).toBe(0n);
    expect(positionSize(-5n, 50)).toBe(0n);
  });

  it('never commits more than the free equity', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 1, max: 100 }), (free, pct) => {
        const size = positionSize(free, pct);
        return size >= 0n && size <= free && size * 100n <= free * BigInt(pct) && (size + 1n) * 100n > free * BigInt(pct);
      }),
      { numRuns: 200 },
    );
  });
});

describe('pnl rounding toward zero', () => {
  it('follows the product example: 250.00 at +10 % → +25.00', () => {
    expect(positionPnl(25_000n, '100', '110', 'buy')).toBe(2_500n);
  });

  it('rounds a gain down and a loss up (toward zero)', () => {
    // 333 cents × 1/3 % … = 1.11 cents → 1; −1.11 → −1
    expect(positionPnl(333n, '3', '3.01', 'buy')).toBe(1n);
    expect(positionPnl(333n, '3', '2.99', 'buy')).toBe(-1n);
    expect(positionPnl(333n, '3', '3.01', 'sell')).toBe(-1n);
    expect(positionPnl(333n, '3', '2.99', 'sell')).toBe(1n);
    expect(positionPnl(100n, '1.5', '1.5', 'buy')).toBe(0n);
  });

  it('negates the move for a sell', () => {
    expect(positionPnl(10_000n, '50', '45', 'sell')).toBe(1_000n);
    expect(positionPnl(10_000n, '50', '55', 'sell')).toBe(-1_000n);
  });

  it('caps a loss at the position size (a sell whose price more than doubles)', () => {
    expect(positionPnl(10_000n, '10', '35', 'sell')).toBe(-10_000n);
    expect(positionPnl(10_000n, '10', '0.00000001', 'buy')).toBe(-9_999n);
  });

  it('is |exact value| truncated for random trades', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (size, entry, exit) => {
          const pnl = positionPnl(size, (entry / 1e4).toFixed(4), (exit / 1e4).toFixed(4), 'buy');
          // exact rational value: size × (exit − entry) / entry
          const num = size * BigInt(exit - entry);
          const den = BigInt(entry);
          const abs = pnl < 0n ? -pnl : pnl;
          const absNum = num < 0n ? -num : num;
          const withinOne = abs * den <= absNum && (abs + 1n) * den > absNum;
          return pnl === -size || (withinOne && (pnl === 0n || pnl < 0n === num < 0n));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reports the trade pnl % exactly, negated for sell', () => {
    expect(tradePnlPct('100', '110', 'buy')).toBe('10.0000');
    expect(tradePnlPct('100', '110', 'sell')).toBe('-10.0000');
    expect(tradePnlPct('3', '3.01', 'buy')).toBe('0.3333');
    expect(tradePnlPct('3', '2.98', 'buy')).toBe('-0.6667');
  });

  it('knows which pnl % the trade row can hold (numeric(12,4))', () => {
    expect(pnlPctInRange(tradePnlPct('0.01', '10000', 'buy'))).toBe(true); // 99,990,000 %
    expect(pnlPctInRange(tradePnlPct('0.01', '10000.01', 'buy'))).toBe(false); // 100,000,000 %
    expect(pnlPctInRange(tradePnlPct('0.01', '10000.01', 'sell'))).toBe(false);
    expect(pnlPctInRange(tradePnlPct('100', '0.00000001', 'buy'))).toBe(true);
  });

  it('parses prices exactly and refuses junk', () => {
    expect(scalePrice('1.0850')).toBe(108_500_000n);
    expect(isValidPrice('0')).toBe(false);
    expect(isValidPrice('1e3')).toBe(false);
    expect(isValidPrice('-1')).toBe(false);
    expect(isValidPrice('1.123456789')).toBe(false);
    expect(isValidPrice('65000.5')).toBe(true);
  });
});

describe('high-water-mark profit share', () => {
  it('follows the product example: 500.00 → 525.00 with share 20 % → fee 5.00, mark 520.00', () => {
    expect(profitShare(52_500n, 50_000n, 20)).toEqual({ fee: 500n, highWaterMark: 52_000n });
  });

  it('charges nothing below or at the mark and leaves the mark', () => {
    expect(profitShare(49_000n, 50_000n, 20)).toEqual({ fee: 0n, highWaterMark: 50_000n });
    expect(profitShare(50_000n, 50_000n, 40)).toEqual({ fee: 0n, highWaterMark: 50_000n });
  });

  it('charges only the gain above the mark after a drawdown, floored to the cent', () => {
    // mark 520.00, equity recovers to 530.07: gain 10.07, 15 % = 1.5105 → 1.51
    expect(profitShare(53_007n, 52_000n, 15)).toEqual({ fee: 151n, highWaterMark: 52_856n });
  });

  it('share 0 % moves the mark without a fee', () => {
    expect(profitShare(60_000n, 50_000n, 0)).toEqual({ fee: 0n, highWaterMark: 60_000n });
  });

  it('never charges twice for the same gain', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.integer({ min: 0, max: 50 }), (equity, mark, share) => {
        const first = profitShare(equity, mark, share);
        const again = profitShare(equity - first.fee, first.highWaterMark, share);
        return again.fee === 0n && first.fee >= 0n && first.fee * 2n <= (equity > mark ? equity - mark : 0n) + 1n;
      }),
      { numRuns: 200 },
    );
  });
});

describe('stop loss and lifecycle', () => {
  it('hits when equity falls to the percentage of the invested amount', () => {
    expect(stopLossHit(25_000n, 50_000n, 50)).toBe(true);
    expect(stopLossHit(25_001n, 50_000n, 50)).toBe(false);
    expect(stopLossHit(0n, 50_000n, null)).toBe(false);
  });

  it('takes profit when equity reaches invested × (1 + tp / 100)', () => {
    expect(takeProfitHit(12_000n, 10_000n, 20)).toBe(true);
    expect(takeProfitHit(11_999n, 10_000n, 20)).toBe(false);
    expect(takeProfitHit(110_000n, 10_000n, 1000)).toBe(true);
    expect(takeProfitHit(1_000_000n, 10_000n, null)).toBe(false);
    expect(takeProfitHit(1n, 0n, 1)).toBe(false);
  });

  it('checks a copy\'s guards: whole percentages in range, so the take profit is always above invested and the stop loss below', () => {
    expect(() => checkCopyGuards(null, null)).not.toThrow();
    expect(() => checkCopyGuards(5, 1)).not.toThrow();
    expect(() => checkCopyGuards(95, 1000)).not.toThrow();
    for (const [sl, tp] of [[4, null], [96, null], [50.5, null], [null, 0], [null, 1001], [null, 2.5]] as const) {
      expect(() => checkCopyGuards(sl, tp)).toThrow(expect.objectContaining({ code: 'COPY.INVALID_GUARDS' }));
    }
  });

  it('moves between statuses and refuses a dead copy', () => {
    expect(nextStatus('active', 'pause')).toBe('paused');
    expect(nextStatus('paused', 'resume')).toBe('active');
    expect(nextStatus('paused', 'stop')).toBe('stopping');
    expect(() => nextStatus('stopping', 'resume')).toThrow(/Cannot resume/);
    expect(() => nextStatus('stopped', 'pause')).toThrow(/ended/);
  });
});

describe('withdrawal scales invested and the mark with the equity left', () => {
  it('a withdrawal in a drawdown does not trip the stop loss: 100.00 invested, equity 70.00, take 60.00', () => {
    const invested = scaleOnWithdrawal(10_000n, 7_000n, 6_000n);
    const mark = scaleOnWithdrawal(10_000n, 7_000n, 6_000n);
    expect(invested).toBe(1_428n); // floor(10000 × 1000 / 7000)
    expect(mark).toBe(1_428n);
    // 60 % stop loss: 10.00 > 8.568 — still 70 % of what is invested, as before the withdrawal.
    expect(stopLossHit(1_000n, invested, 60)).toBe(false);
    // Lowering by the full amount (the old rule) would have read as a 75 % loss and tripped it.
    expect(stopLossHit(1_000n, 10_000n - 6_000n, 60)).toBe(true);
    // A later gain above the scaled mark is the only thing that earns a fee: 14.28 → no fee at 14.00.
    expect(profitShare(1_400n, mark, 20).fee).toBe(0n);
  });

  it('in profit, the gain above the mark stays in proportion', () => {
    // invested 100.00, mark 150.00, equity 150.00; take 50.00 → invested 66.66, mark 100.00
    expect(scaleOnWithdrawal(10_000n, 15_000n, 5_000n)).toBe(6_666n);
    expect(scaleOnWithdrawal(15_000n, 15_000n, 5_000n)).toBe(10_000n);
  });

  it('taking everything leaves zero; nothing is ever negative or above the exact share', () => {
    expect(scaleOnWithdrawal(10_000n, 7_000n, 7_000n)).toBe(0n);
    expect(scaleOnWithdrawal(10_000n, 0n, 0n)).toBe(10_000n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (value, equity, take) => {
        const amount = take > equity ? equity : take;
        const scaled = scaleOnWithdrawal(value, equity, amount);
        const exact = value * (equity - amount); // scaled ≈ exact / equity
        return scaled >= 0n && scaled <= value && scaled * equity <= exact && (scaled + 1n) * equity > exact;
      }),
      { numRuns: 300 },
    );
  });
});

describe('copy end and daily loss limit', () => {
  it('a copy ends only once stopping or tripped, and only with no position in another open trade', () => {
    expect(copyEnds(false, false, 0)).toBe(false);
    expect(copyEnds(true, false, 0)).toBe(true);
    expect(copyEnds(false, true, 0)).toBe(true);
    expect(copyEnds(true, false, 1)).toBe(false);
    expect(copyEnds(false, true, 2)).toBe(false);
  });

  it('the daily loss limit is reached at a realised loss of the limit, not a cent before; no limit never blocks', () => {
    expect(dailyLossLimitReached(-5_000n, 5_000n)).toBe(true);
    expect(dailyLossLimitReached(-4_999n, 5_000n)).toBe(false);
    expect(dailyLossLimitReached(-6_000n, 5_000n)).toBe(true);
    expect(dailyLossLimitReached(10_000n, 0n)).toBe(false);
    expect(dailyLossLimitReached(0n, 0n)).toBe(true);
    expect(dailyLossLimitReached(-1_000_000n, null)).toBe(false);
  });
});
