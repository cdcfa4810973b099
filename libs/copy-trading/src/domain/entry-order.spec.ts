import { expiryProblem, MAX_ORDER_LIFETIME_MS, orderPriceProblem, orderTriggered, ratchetStop, tighterStop, trailingStopLevel } from './entry-order';

const quote = { bid: '1.0848', ask: '1.0850' };

describe('orderTriggered', () => {
  it('a buy limit triggers when the ask is at or below its price', () => {
    expect(orderTriggered('buy', 'limit', quote, '1.0849')).toBe(false);
    expect(orderTriggered('buy', 'limit', quote, '1.085')).toBe(true);
    expect(orderTriggered('buy', 'limit', quote, '1.0900')).toBe(true);
  });

  it('a sell limit triggers when the bid is at or above its price', () => {
    expect(orderTriggered('sell', 'limit', quote, '1.0849')).toBe(false);
    expect(orderTriggered('sell', 'limit', quote, '1.0848')).toBe(true);
    expect(orderTriggered('sell', 'limit', quote, '1.0800')).toBe(true);
  });

  it('a buy stop triggers when the ask is at or above its price, a sell stop when the bid is at or below', () => {
    expect(orderTriggered('buy', 'stop', quote, '1.0851')).toBe(false);
    expect(orderTriggered('buy', 'stop', quote, '1.0850')).toBe(true);
    expect(orderTriggered('sell', 'stop', quote, '1.0847')).toBe(false);
    expect(orderTriggered('sell', 'stop', quote, '1.0848')).toBe(true);
  });
});

describe('orderPriceProblem', () => {
  it('accepts a price on the waiting side and names the quote otherwise', () => {
    expect(orderPriceProblem('buy', 'limit', quote, '1.0800')).toBeNull();
    expect(orderPriceProblem('buy', 'limit', quote, '1.0850')).toBe('price of a buy limit must be below the current ask 1.0850 (else it is a market order)');
    expect(orderPriceProblem('sell', 'limit', quote, '1.0800')).toBe('price of a sell limit must be above the current bid 1.0848 (else it is a market order)');
    expect(orderPriceProblem('buy', 'stop', quote, '1.0800')).toBe('price of a buy stop must be above the current ask 1.0850 (else it is a market order)');
    expect(orderPriceProblem('sell', 'stop', quote, '1.0900')).toBe('price of a sell stop must be below the current bid 1.0848 (else it is a market order)');
    expect(orderPriceProblem('sell', 'stop', quote, '1.0800')).toBeNull();
  });
});

describe('expiryProblem', () => {
  const now = new Date('2026-11-28T00:00:00Z');
  it('refuses the past and more than 30 days ahead', () => {
    expect(expiryProblem(now, now)).toBe('expiresAt must be in the future');
    expect(expiryProblem(new Date(now.getTime() + MAX_ORDER_LIFETIME_MS), now)).toBeNull();
    expect(expiryProblem(new Date(now.getTime() + MAX_ORDER_LIFETIME_MS + 1), now)).toBe('expiresAt must be at most 30 days ahead');
  });
});

describe('trailing stop', () => {
  it('trails the close-side price by pct, rounded away from the price at 8 decimals', () => {
    expect(trailingStopLevel('buy', { bid: '100', ask: '100.02' }, 1)).toBe('99');
    expect(trailingStopLevel('sell', { bid: '100', ask: '100.02' }, 1)).toBe('101.0202');
    expect(trailingStopLevel('buy', { bid: '1.23456789', ask: '1.2346' }, 0.5)).toBe('1.22839505'); // 1.2283950505… down
    expect(trailingStopLevel('sell', { bid: '1.2345', ask: '1.23456789' }, 0.5)).toBe('1.24074073'); // 1.2407407294… up
  });

  it('ratchets a buy stop up with the bid and never back down', () => {
    let stop: string | null = null;
    stop = ratchetStop('buy', { bid: '100', ask: '100.1' }, 2, stop);
    expect(stop).toBe('98');
    expect(ratchetStop('buy', { bid: '99', ask: '99.1' }, 2, stop)).toBeNull(); // the price falls: the stop stays
    expect(ratchetStop('buy', { bid: '100', ask: '100.1' }, 2, stop)).toBeNull(); // the same level: no change
    expect(ratchetStop('buy', { bid: '110', ask: '110.1' }, 2, stop)).toBe('107.8');
  });

  it('ratchets a sell stop down with the ask and never back up', () => {
    const stop = ratchetStop('sell', { bid: '99.9', ask: '100' }, 2, '103');
    expect(stop).toBe('102');
    expect(ratchetStop('sell', { bid: '100.9', ask: '101' }, 2, stop)).toBeNull();
    expect(ratchetStop('sell', { bid: '89.9', ask: '90' }, 2, stop)).toBe('91.8');
  });

  it('tighterStop keeps the higher stop of a buy and the lower of a sell', () => {
    expect(tighterStop('buy', '98', '99')).toBe('99');
    expect(tighterStop('sell', '101', '102')).toBe('101');
    expect(tighterStop('buy', null, '99')).toBe('99');
    expect(tighterStop('sell', '101', null)).toBe('101');
    expect(tighterStop('buy', null, null)).toBeNull();
  });
});
