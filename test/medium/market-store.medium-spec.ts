import { MarketQuotes } from '@mirrorline/market';
import { TestMarketFeed } from '@mirrorline/market/testing';
import { createTestContext, type TestApp } from '../support/test-app';

/**
 * The market's store on the real database, through its public surface (TestMarketFeed stores a quote exactly as
 * the real feeds do; MarketQuotes reads): candles per bucket of each interval, the latest quote per symbol, and the
 * read range of candles. test/market-core.e2e-spec.ts holds the catalogue, staleness, listeners and history.
 */
describe('market store on PostgreSQL: quotes and candles', () => {
  let t: TestApp;
  let feed: TestMarketFeed;
  let market: MarketQuotes;
  beforeAll(async () => {
    t = await createTestContext({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    feed = t.app.get(TestMarketFeed);
    market = t.app.get(MarketQuotes);
  });
  afterAll(() => t.close());

  // A past hour (so that no 'now' quote of another case lands in it), aligned: minutes 0, 4 and 7 of it.
  const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 5 * 3_600_000);
  const at = (minutes: number, seconds = 0) => new Date(hour.getTime() + minutes * 60_000 + seconds * 1000);
  const ohlc = (c: { open: string; high: string; low: string; close: string }) => [c.open, c.high, c.low, c.close].map(Number);

  it('folds quotes into the candle of each interval whose bucket holds their time: open kept, high/low widened, close the last mid', async () => {
    await feed.setQuote('DOGEUSDT', '1.0000', '1.0002', at(0, 5));
    await feed.setQuote('DOGEUSDT', '1.1000', '1.1002', at(0, 40));
    await feed.setQuote('DOGEUSDT', '0.9000', '0.9002', at(4, 10));
    await feed.setQuote('DOGEUSDT', '1.0500', '1.0502', at(7, 0));
    const m1 = await market.candles('DOGEUSDT', '1m', hour, at(60));
    expect(m1.map((c) => c.time.toISOString())).toEqual([at(0), at(4), at(7)].map((d) => d.toISOString()));
    expect(ohlc(m1[0])).toEqual([1.0001, 1.1002, 1.0, 1.1001]);
    const m5 = await market.candles('DOGEUSDT', '5m', hour, at(60));
    expect(m5.map((c) => c.time.toISOString())).toEqual([at(0), at(5)].map((d) => d.toISOString()));
    expect(ohlc(m5[0])).toEqual([1.0001, 1.1002, 0.9, 0.9001]);
    const [h1] = await market.candles('DOGEUSDT', '1h', hour, at(60));
    expect(h1.time.toISOString()).toBe(hour.toISOString());
    expect(ohlc(h1)).toEqual([1.0001, 1.1002, 0.9, 1.0501]);
  });

  it('reads candles in time order within [from, to): the end is excluded', async () => {
    const m1 = await market.candles('DOGEUSDT', '1m', at(4), at(7));
    expect(m1.map((c) => c.time.toISOString())).toEqual([at(4).toISOString()]);
  });

  it('keeps one latest quote per symbol: a fresh quote replaces the stored one, other symbols are untouched', async () => {
    await feed.setQuote('BNBUSDT', '700.00', '700.10');
    await feed.setQuote('XRPUSDT', '15.00', '15.01');
    await feed.setQuote('BNBUSDT', '710.00', '710.10');
    const fresh = (await market.freshQuotes()).filter((q) => q.symbol === 'BNBUSDT' || q.symbol === 'XRPUSDT');
    expect(fresh.map((q) => [q.symbol, Number(q.bid), Number(q.ask)]).sort()).toEqual([
      ['BNBUSDT', 710, 710.1],
      ['XRPUSDT', 15, 15.01],
    ]);
    expect(await t.sql("SELECT symbol FROM market_quotes WHERE symbol = 'BNBUSDT'")).toHaveLength(1);
    expect(await market.executableQuote('BNBUSDT')).toMatchObject({ symbol: 'BNBUSDT', instrument: { symbol: 'BNBUSDT' } });
  });
});
