import { FixedClock } from '@mirrorline/shared';
import { InMemoryMarketQuotes } from './in-memory-market-quotes';

describe('InMemoryMarketQuotes (the fake other contexts test with)', () => {
  it('answers like the real one: unknown symbol, closed session, stale or missing quote', async () => {
    const clock = new FixedClock(new Date('2026-01-05T15:00:00.000Z')); // a Monday, stocks open
    const market = new InMemoryMarketQuotes(clock);
    await expect(market.executableQuote('BTCUSDT')).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE' });
    market.setQuote('BTCUSDT', '50000.00', '50010.00');
    await expect(market.executableQuote('BTCUSDT')).resolves.toMatchObject({ bid: '50000.00', ask: '50010.00', instrument: { market: 'Crypto' } });
    clock.advance(2_000);
    await expect(market.executableQuote('BTCUSDT')).resolves.toMatchObject({ bid: '50000.00' });
    // Older than MARKET_MAX_FILL_AGE_MS (2 s): no fill on it, though marks still use it until MARKET_MAX_QUOTE_AGE.
    clock.advance(1);
    await expect(market.executableQuote('BTCUSDT')).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE', details: { retryAfterSeconds: 1 } });
    expect((await market.freshQuotes()).map((q) => q.symbol)).toEqual(['BTCUSDT']);
    expect(await market.fillableQuotes()).toEqual([]);
    // A batch just heard is fillable when young, left out when not.
    const young = { symbol: 'BTCUSDT', bid: '50001.00', ask: '50011.00', time: clock.now() };
    expect(await market.fillableQuotes([young])).toEqual([young]);
    expect(await market.fillableQuotes([{ ...young, time: new Date(clock.now().getTime() - 2_001) }])).toEqual([]);
    clock.advance(8_000);
    await expect(market.executableQuote('BTCUSDT')).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE' });
    expect(await market.freshQuotes()).toEqual([]);
    // lastQuotes: however old, the same Map until a quote changes.
    const last = await market.lastQuotes();
    expect(last.get('BTCUSDT')).toMatchObject({ bid: '50000.00' });
    expect(await market.lastQuotes()).toBe(last);
    expect(() => market.instrument('NOPE')).toThrow(expect.objectContaining({ code: 'MARKET.UNKNOWN_SYMBOL' }));
    clock.set(new Date('2026-01-05T22:00:00.000Z'));
    market.setQuote('AAPL', '190.00', '190.01');
    await expect(market.executableQuote('AAPL')).rejects.toMatchObject({ code: 'MARKET.CLOSED' });
    expect((await market.freshQuotes()).map((q) => q.symbol)).toEqual([]);
    expect(await market.lastQuotes()).not.toBe(last);
    expect([...(await market.lastQuotes()).keys()]).toEqual(['BTCUSDT', 'AAPL']);
  });
});
