import { ACTIVE_ALERTS_MAX, alertNotice, alertPrice, compareDecimals, crosses, normalizeWatchlist, WATCHLIST_MAX } from './price-alert';

describe('price alerts (domain)', () => {
  it('reads a price at the instrument precision, positive, digits only', () => {
    expect(alertPrice('70000', 2)).toBe('70000');
    expect(alertPrice('70000.5', 2)).toBe('70000.5');
    expect(alertPrice('070000.50', 2)).toBe('70000.50');
    expect(alertPrice('0.00001', 5)).toBe('0.00001');
    expect(alertPrice('0.000001', 5)).toBeNull();
    expect(alertPrice('70000.123', 2)).toBeNull();
    expect(alertPrice('12.5', 0)).toBeNull();
    for (const bad of ['0', '0.00', '-1', '1e5', ' 1', '1.', '.5', '', 'abc', '1,5', '12345678901234567']) expect(alertPrice(bad, 5)).toBeNull();
  });

  it('compares decimals exactly, whatever their scales', () => {
    expect(compareDecimals('150', '150.00')).toBe(0);
    expect(compareDecimals('149.99', '150')).toBe(-1);
    expect(compareDecimals('0.10000000000000001', '0.1')).toBe(1);
    expect(compareDecimals('99999999999999999.5', '99999999999999999.4')).toBe(1);
  });

  it('crosses at or beyond the price in its direction', () => {
    expect(crosses('above', '150', '150.00')).toBe(true);
    expect(crosses('above', '150', '150.01')).toBe(true);
    expect(crosses('above', '150', '149.99')).toBe(false);
    expect(crosses('below', '130', '130.00')).toBe(true);
    expect(crosses('below', '130', '120.5')).toBe(true);
    expect(crosses('below', '130', '130.01')).toBe(false);
  });

  it('keeps a watchlist in order with each symbol once, and at most WATCHLIST_MAX of them', () => {
    expect(normalizeWatchlist(['ETHUSDT', 'BTCUSDT', 'ETHUSDT', 'EURUSD', 'BTCUSDT'])).toEqual(['ETHUSDT', 'BTCUSDT', 'EURUSD']);
    expect(normalizeWatchlist([])).toEqual([]);
    const symbols = Array.from({ length: WATCHLIST_MAX }, (_, i) => `S${i}`);
    expect(normalizeWatchlist([...symbols, ...symbols])).toHaveLength(WATCHLIST_MAX);
    expect(() => normalizeWatchlist([...symbols, 'ONEMORE'])).toThrow(expect.objectContaining({ code: 'WATCHLIST.TOO_MANY' }));
    expect(ACTIVE_ALERTS_MAX).toBe(100);
  });

  it('words a triggered alert', () => {
    expect(alertNotice({ symbol: 'SOLUSDT', direction: 'below', price: '130', triggeredPrice: '120.50' })).toEqual({
      title: 'SOLUSDT is at or below 130',
      body: 'Your price alert was reached: the bid was 120.50. The alert is now spent.',
    });
  });
});
