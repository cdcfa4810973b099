import fc from 'fast-check';
import { canonicalPrice, closePrice, levelCrossed, levelsProblem, openPrice, positionPnl, slippageBps, unrealizedPnl } from './copy-math';

const quote = { bid: '1.08500', ask: '1.08510' };

describe('fills at the market', () => {
  it('a buy opens at the ask and closes (and is marked) at the bid; a sell the other way round', () => {
    expect(openPrice('buy', quote)).toBe('1.08510');
    expect(closePrice('buy', quote)).toBe('1.08500');
    expect(openPrice('sell', quote)).toBe('1.08500');
    expect(closePrice('sell', quote)).toBe('1.08510');
  });

  it('canonical prices drop trailing zeros, exactly', () => {
    expect(canonicalPrice('1.08500000')).toBe('1.085');
    expect(canonicalPrice('100.0')).toBe('100');
    expect(canonicalPrice('0.00000001')).toBe('0.00000001');
    expect(canonicalPrice('67250.12')).toBe('67250.12');
  });

  it('slippage in bps is zero for the same fill and signed against the copier', () => {
    expect(slippageBps('1.0851', '1.0851', 'buy')).toBe('0.00');
    expect(slippageBps('100', '100.1', 'buy')).toBe('10.00'); // bought 0.1 % higher: worse
    expect(slippageBps('100', '100.1', 'sell')).toBe('-10.00'); // sold higher: better
    expect(slippageBps('3', '3.0001', 'buy')).toBe('0.33'); // toward zero
  });
});

describe('unrealized pnl', () => {
  it('is size × (mark − fill) / fill, negated for sell, toward zero, never below −size', () => {
    expect(unrealizedPnl(10_000n, '100', '110', 'buy')).toBe(1_000n);
    expect(unrealizedPnl(10_000n, '100', '110', 'sell')).toBe(-1_000n);
    expect(unrealizedPnl(999n, '3', '3.01', 'buy')).toBe(3n); // 3.33 → 3
    expect(unrealizedPnl(999n, '3', '2.99', 'buy')).toBe(-3n); // −3.33 → −3
    expect(unrealizedPnl(10_000n, '100', '350', 'sell')).toBe(-10_000n); // capped at −size
  });

  it('equals the pnl a close at the mark would settle', () => {
    const price = fc.integer({ min: 1, max: 10 ** 9 }).map((n) => (n / 10 ** 4).toString());
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 10n }), price, price, fc.constantFrom('buy' as const, 'sell' as const), (size, fill, mark, side) => {
        const u = unrealizedPnl(size, fill, mark, side);
        return u === positionPnl(size, fill, mark, side) && u >= -size;
      }),
      { numRuns: 300 },
    );
  });
});

describe('stop loss / take profit', () => {
  it('a buy needs its stop loss below the bid and its take profit above it', () => {
    expect(levelsProblem('buy', quote, { stopLoss: '1.08', takeProfit: '1.09' })).toBeNull();
    expect(levelsProblem('buy', quote, { stopLoss: '1.085', takeProfit: null })).toMatch(/stopLoss of a buy must be below the current price 1.08500/);
    expect(levelsProblem('buy', quote, { stopLoss: null, takeProfit: '1.0850' })).toMatch(/takeProfit of a buy must be above/);
    expect(levelsProblem('buy', quote, { stopLoss: '1.2', takeProfit: null })).not.toBeNull();
  });

  it('a sell needs its stop loss above the ask and its take profit below it', () => {
    expect(levelsProblem('sell', quote, { stopLoss: '1.09', takeProfit: '1.08' })).toBeNull();
    expect(levelsProblem('sell', quote, { stopLoss: '1.0851', takeProfit: null })).toMatch(/stopLoss of a sell must be above the current price 1.08510/);
    expect(levelsProblem('sell', quote, { stopLoss: null, takeProfit: '1.09' })).toMatch(/takeProfit of a sell must be below/);
    expect(levelsProblem('sell', quote, { stopLoss: null, takeProfit: null })).toBeNull();
  });

  it('crossing: a buy watches the bid, a sell the ask; at the level counts, a gap past it too', () => {
    const levels = { stopLoss: '95', takeProfit: '110' };
    expect(levelCrossed('buy', { bid: '96', ask: '96.1' }, levels)).toBeNull();
    expect(levelCrossed('buy', { bid: '95', ask: '95.1' }, levels)).toBe('stop_loss');
    expect(levelCrossed('buy', { bid: '80', ask: '80.1' }, levels)).toBe('stop_loss'); // gap
    expect(levelCrossed('buy', { bid: '109.99', ask: '110.2' }, levels)).toBeNull(); // the ask does not count for a buy
    expect(levelCrossed('buy', { bid: '110', ask: '110.1' }, levels)).toBe('take_profit');
    const sell = { stopLoss: '110', takeProfit: '95' };
    expect(levelCrossed('sell', { bid: '109.9', ask: '109.99' }, sell)).toBeNull();
    expect(levelCrossed('sell', { bid: '109.9', ask: '110' }, sell)).toBe('stop_loss');
    expect(levelCrossed('sell', { bid: '94', ask: '95' }, sell)).toBe('take_profit');
    expect(levelCrossed('sell', { bid: '94', ask: '95.01' }, sell)).toBeNull(); // the bid does not count for a sell
    expect(levelCrossed('buy', { bid: '1', ask: '2' }, { stopLoss: null, takeProfit: null })).toBeNull();
  });

  it('valid levels are never crossed at the price they were checked against', () => {
    const price = fc.integer({ min: 1, max: 10 ** 7 }).map((n) => (n / 100).toString());
    fc.assert(
      fc.property(price, price, price, fc.constantFrom('buy' as const, 'sell' as const), (bid, sl, tp, side) => {
        const q = { bid, ask: bid };
        const levels = { stopLoss: sl, takeProfit: tp };
        return levelsProblem(side, q, levels) !== null || levelCrossed(side, q, levels) === null;
      }),
      { numRuns: 300 },
    );
  });
});
