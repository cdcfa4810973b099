import { FixedClock } from '@mirrorline/shared';
import { InMemoryMarketQuotes } from './in-memory-market-quotes';

describe('InMemoryMarketQuotes (the fake other contexts test with)', () => {
  it('answers like the real one: unknown symbol, closed session, stale or missing quote', async () => {
    const clock = new FixedClock(new Date('2026-01-05T15:00:00.000Z')); // a Monday, stocks open
    const market = new InMemoryMarketQuotes(clock);
    await expect(market.executableQuote('BTCUSDT')).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE' });
    market.setQuote('BTCUSDT', '50000.00', '50010.00');
    await expect(market.executableQuote('BTCUSDT')).resolves.toMatchObject({ bid: '50000.00', ask: '50010.00', instrument: { market: 'Crypto' } });
    clock.advance(10_001);
    await expect(market.executableQuote('BTCUSDT')).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE' });
    expect(() => market.instrument('NOPE')).toThrow(expect.objectContaining({ code: 'MARKET.UNKNOWN_SYMBOL' }));
    clock.set(new Date('2026-01-05T22:00:00.000Z'));
    market.setQuote('AAPL', '190.00', '190.01');
    await expect(market.executableQuote('AAPL')).rejects.toMatchObject({ code: 'MARKET.CLOSED' });
    expect((await market.freshQuotes()).map((q) => q.symbol)).toEqual([]);
  });
});
