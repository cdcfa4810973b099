import { Injectable } from '@nestjs/common';
import { FeedLeader, MarketFeed, MarketHistory, MarketQuotes, QuoteListener, QuoteListeners, type Quote } from '@mirrorline/market';
import { TestMarketFeed } from '@mirrorline/market/testing';
import { LiveEvents } from '@mirrorline/events';
import { createTestApp, type TestApp } from './support/test-app';

@Injectable()
class RecordingListener extends QuoteListener {
  readonly seen: Quote[][] = [];
  async onQuotes(quotes: Quote[]): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 20)); // setQuote must wait for this
    this.seen.push(quotes);
  }
}

describe('market core: catalogue, test feed, MarketQuotes, listeners', () => {
  let t: TestApp;
  let feed: TestMarketFeed;
  let market: MarketQuotes;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    feed = t.app.get(TestMarketFeed);
    market = t.app.get(MarketQuotes);
  });
  afterAll(() => t.close());

  it('has at least 20 instruments over Forex, Crypto and Stocks from the migration', async () => {
    const rows = await t.sql<{ market: string; n: string }>('SELECT market, count(*) AS n FROM market_instruments GROUP BY market ORDER BY market');
    expect(rows.map((r) => r.market)).toEqual(['Crypto', 'Forex', 'Stocks']);
    expect(rows.reduce((sum, r) => sum + Number(r.n), 0)).toBeGreaterThanOrEqual(20);
    expect(market.instrument('BTCUSDT')).toEqual({ symbol: 'BTCUSDT', market: 'Crypto', name: 'Bitcoin / Tether', priceDecimals: 2, session: 'crypto' });
    expect(() => market.instrument('NOPE')).toThrow(expect.objectContaining({ code: 'MARKET.UNKNOWN_SYMBOL' }));
  });

  it('nothing ticks by itself in tests: no quote → MARKET.NO_QUOTE', async () => {
    // The feed of NODE_ENV=test is the test feed, which has no timer (it stores what a spec sets, nothing else).
    expect(t.app.get(MarketFeed)).toBeInstanceOf(TestMarketFeed);
    expect(await t.sql('SELECT * FROM market_quotes')).toEqual([]);
    await expect(market.executableQuote('BTCUSDT')).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE', kind: 'service_unavailable' });
  });

  it('setQuote stores the quote and the candles, and waits for every QuoteListener', async () => {
    const listener = new RecordingListener();
    const remove = t.app.get(QuoteListeners).register(listener);
    // both quotes in one 1-minute candle: on the clock, a busy machine let a minute end between them
    const at = new Date();
    const later = new Date(Math.min(at.getTime() + 1, Math.floor(at.getTime() / 60_000) * 60_000 + 59_999));
    await feed.setQuote('BTCUSDT', '50000', '50010', at);
    expect(listener.seen).toHaveLength(1);
    expect(listener.seen[0]).toEqual([{ symbol: 'BTCUSDT', bid: '50000.00', ask: '50010.00', time: expect.any(Date) }]);
    const quote = await market.executableQuote('BTCUSDT');
    expect(quote).toMatchObject({ symbol: 'BTCUSDT', bid: '50000.00', ask: '50010.00', instrument: { symbol: 'BTCUSDT' } });
    const candles = await t.sql<{ interval: string; open: string; high: string; low: string; close: string }>(
      `SELECT interval, open::text, high::text, low::text, close::text FROM market_candles WHERE symbol = 'BTCUSDT' ORDER BY interval`,
    );
    expect(candles.map((c) => c.interval).sort()).toEqual(['1d', '1h', '1m', '5m']);
    for (const c of candles) expect([Number(c.open), Number(c.high), Number(c.low), Number(c.close)]).toEqual([50005, 50010, 50000, 50005]);
    await feed.setQuote('BTCUSDT', '49000', '49010', later);
    const [m1] = await t.sql<{ open: string; high: string; low: string; close: string }>(
      `SELECT open::text, high::text, low::text, close::text FROM market_candles WHERE symbol = 'BTCUSDT' AND interval = '1m'`,
    );
    expect([Number(m1.open), Number(m1.high), Number(m1.low), Number(m1.close)]).toEqual([50005, 50010, 49000, 49005]);
    remove();
  });

  it('a stale quote is NO_QUOTE, an unknown symbol UNKNOWN_SYMBOL, a malformed quote is refused', async () => {
    await feed.setQuote('ETHUSDT', '3000', '3001', new Date(Date.now() - 11_000));
    await expect(market.executableQuote('ETHUSDT')).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE' });
    await expect(market.executableQuote('XYZ')).rejects.toMatchObject({ code: 'MARKET.UNKNOWN_SYMBOL' });
    await expect(feed.setQuote('XYZ', '1', '2')).rejects.toMatchObject({ code: 'MARKET.UNKNOWN_SYMBOL' });
    await expect(feed.setQuote('ETHUSDT', '3001', '3000')).rejects.toThrow(/above ask/);
    expect((await market.freshQuotes()).map((q) => q.symbol)).toEqual(['BTCUSDT']);
    await feed.clearQuotes();
    expect(await market.freshQuotes()).toEqual([]);
  });

  it('LiveEvents.publish without a transaction to nobody listening is a no-op that resolves', async () => {
    const live = t.app.get(LiveEvents);
    await expect(live.publish(null, ['00000000-0000-0000-0000-000000000000'], { type: 'notification', data: {} })).resolves.toBeUndefined();
  });

  it('sweeps 1-minute candles older than 7 days; the roll-ups stay', async () => {
    const old = new Date(Date.now() - 8 * 86_400_000);
    await feed.setQuote('XRPUSDT', '0.5', '0.5002', old);
    await feed.setQuote('XRPUSDT', '0.6', '0.6002');
    const count = () => t.sql<{ interval: string; n: string }>(`SELECT interval, count(*) AS n FROM market_candles WHERE symbol = 'XRPUSDT' GROUP BY interval ORDER BY interval`);
    expect((await count()).find((r) => r.interval === '1m')?.n).toBe('2');
    expect(await t.app.get(FeedLeader).sweep()).toBeGreaterThanOrEqual(1);
    const after = await count();
    expect(after.find((r) => r.interval === '1m')?.n).toBe('1');
    expect(after.find((r) => r.interval === '1h')?.n).toBe('2');
    await feed.clearQuotes();
  });

  it('backfills the gap after a restart days later: hourly candles without a hole, continuous with the last price', async () => {
    await feed.clearQuotes();
    const history = t.app.get(MarketHistory);
    const hour = 3_600_000;
    const now = Math.floor(Date.now() / hour) * hour + 30 * 60_000;
    const stoppedAt = now - 3 * 24 * hour;
    expect(await history.backfill(new Date(stoppedAt))).toBeGreaterThan(20 * 90 * 24); // first start: 90 days
    const [before] = await t.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'SOLUSDT'`);
    expect(new Date(before.time).getTime()).toBeLessThanOrEqual(stoppedAt);
    expect(await history.backfill(new Date(now))).toBeGreaterThan(20 * 3 * 24); // the restart: three days
    const candles = await t.sql<{ time: Date; open: string; close: string }>(
      `SELECT time, open::text, close::text FROM market_candles WHERE symbol = 'SOLUSDT' AND interval = '1h' AND time >= ? ORDER BY time`,
      [new Date(stoppedAt - 24 * hour).toISOString()],
    );
    expect(candles).toHaveLength(4 * 24); // every hour from the day before the stop, over the gap, to the current one
    for (let i = 1; i < candles.length; i++) {
      expect(new Date(candles[i].time).getTime() - new Date(candles[i - 1].time).getTime()).toBe(hour);
      expect(Math.abs(Number(candles[i].open) - Number(candles[i - 1].close)) / Number(candles[i - 1].close)).toBeLessThan(0.001);
    }
    const [after] = await t.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'SOLUSDT'`);
    expect(now - new Date(after.time).getTime()).toBeLessThan(60_000);
    // a second call finds nothing missing
    expect(await history.backfill(new Date(now))).toBe(0);
  });
});
