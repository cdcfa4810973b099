import type { Server } from 'node:http';
import { MarketStreamHub, TestMarketFeed } from '@mirrorline/market/testing';
import { createTestApp, type TestApp } from './support/test-app';
import { baseUrl, openSse } from './support/sse';
import { anotherInstance } from './support/instances';

describe('market routes (public): instruments, quotes, candles, stream', () => {
  let t: TestApp;
  let feed: TestMarketFeed;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    feed = t.app.get(TestMarketFeed);
    url = baseUrl(t.app.getHttpServer() as Server);
  });
  afterAll(() => t.close());

  it('GET market/instruments: the catalogue with session state, next opening, quote and change today', async () => {
    await feed.setQuote('BTCUSDT', '50000', '50010', new Date(Date.now() - 60_000));
    await feed.setQuote('BTCUSDT', '50500', '50510');
    const res = await t.http().get('/api/market/instruments').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(20);
    expect(new Set(res.body.map((i: { market: string }) => i.market))).toEqual(new Set(['Forex', 'Crypto', 'Stocks']));
    const btc = res.body.find((i: { symbol: string }) => i.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({ market: 'Crypto', priceDecimals: 2, session: 'crypto', open: true, nextOpen: null, quote: { bid: '50500.00', ask: '50510.00' } });
    // the day's candle opened at the mid of the first quote: (50505 − 50005) / 50005 = 1.00 %
    expect(btc.dayOpen).toBe('50005.00');
    expect(btc.changePct).toBe('1.00');
    const aapl = res.body.find((i: { symbol: string }) => i.symbol === 'AAPL');
    expect(aapl.quote).toBeNull();
    expect(aapl.open ? aapl.nextClose : aapl.nextOpen).toEqual(expect.any(String));
  });

  it('GET market/quotes: all or a list; an unknown symbol is 400 MARKET.UNKNOWN_SYMBOL', async () => {
    const all = await t.http().get('/api/market/quotes').expect(200);
    expect(all.body.quotes).toEqual([{ symbol: 'BTCUSDT', bid: '50500.00', ask: '50510.00', time: expect.any(String) }]);
    await t.http().get('/api/market/quotes?symbols=btcusdt,EURUSD').expect(200);
    const bad = await t.http().get('/api/market/quotes?symbols=BTCUSDT,NOPE').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'MARKET.UNKNOWN_SYMBOL' });
    await t.http().get('/api/market/quotes?symbols=BTCUSDT&symbols=ETHUSDT').expect(400);
  });

  it('GET market/candles/:symbol: oldest first, ≤ limit; bad input is a clear 4xx, never a 500', async () => {
    const base = Date.UTC(2026, 0, 5, 10, 0); // a Monday
    for (let i = 0; i < 5; i++) await feed.setQuote('ETHUSDT', String(3000 + i), String(3001 + i), new Date(base + i * 60_000 + 5_000));
    const res = await t.http().get(`/api/market/candles/ETHUSDT?interval=1m&from=${base}&to=${base + 10 * 60_000}`).expect(200);
    expect(res.body.symbol).toBe('ETHUSDT');
    expect(res.body.candles.map((c: { open: string }) => c.open)).toEqual(['3000.50', '3001.50', '3002.50', '3003.50', '3004.50']);
    expect(res.body.candles[0]).toEqual({ time: new Date(base).toISOString(), open: '3000.50', high: '3001.00', low: '3000.00', close: '3000.50' });
    const limited = await t.http().get(`/api/market/candles/ETHUSDT?interval=1m&from=${base}&to=${base + 10 * 60_000}&limit=2`).expect(200);
    expect(limited.body.candles.map((c: { open: string }) => c.open)).toEqual(['3003.50', '3004.50']);
    const hourly = await t.http().get(`/api/market/candles/ETHUSDT?interval=1h&from=${new Date(base).toISOString()}&to=${new Date(base + 3_600_000).toISOString()}`).expect(200);
    expect(hourly.body.candles).toEqual([{ time: new Date(base).toISOString(), open: '3000.50', high: '3005.00', low: '3000.00', close: '3004.50' }]);

    expect((await t.http().get('/api/market/candles/NOPE').expect(404)).body.code).toBe('MARKET.UNKNOWN_SYMBOL');
    for (const query of ['interval=2m', 'interval=', 'limit=1001', 'limit=0', 'limit=-5', 'limit=abc', 'limit=1.5', `from=${base + 1}&to=${base}`, 'from=yesterday', 'to=999999999999999', 'from=2026-13-45', 'extra=1']) {
      const bad = await t.http().get(`/api/market/candles/ETHUSDT?${query}`);
      expect([bad.status, query]).toEqual([400, query]);
      expect(bad.body.message).toEqual(expect.any(String));
    }
  });

  // The rate (one event a symbol every 250 ms, the latest wins) is specified on a fake clock in
  // libs/market/src/adapters/http/market-stream.hub.spec.ts; here, what HTTP shows: the stream, its filter, the latest.
  it('GET market/stream: current quotes first, then throttled quote events, the latest always arriving; 400 on an unknown symbol', async () => {
    const bad = await openSse(`${url}/api/market/stream?symbols=BTCUSDT,NOPE`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body!)).toMatchObject({ code: 'MARKET.UNKNOWN_SYMBOL' });

    const client = await openSse(`${url}/api/market/stream?symbols=BTCUSDT,SOLUSDT`);
    expect(client.status).toBe(200);
    const first = await client.next((e) => e.event === 'quote');
    expect(JSON.parse(first.data)).toEqual({ symbol: 'BTCUSDT', bid: '50500.00', ask: '50510.00', time: expect.any(String) });
    for (let i = 1; i <= 20; i++) await feed.setQuote('SOLUSDT', `${100 + i}`, `${100.05 + i}`);
    await feed.setQuote('ETHUSDT', '3100', '3101'); // not asked for
    const last = await client.next((e) => e.event === 'quote' && JSON.parse(e.data).bid === '120.00');
    expect(JSON.parse(last.data)).toMatchObject({ symbol: 'SOLUSDT', bid: '120.00', ask: '120.05' });
    expect(client.events.some((e) => JSON.parse(e.data).symbol === 'ETHUSDT')).toBe(false);
    client.close();
    await client.ended;
  });

  it('200 stream connections opened and dropped: the server holds none afterwards', async () => {
    const hub = t.app.get(MarketStreamHub);
    const server = t.app.getHttpServer() as Server;
    // from 4 client addresses (at most 50 streams each)
    const clients = await Promise.all(Array.from({ length: 200 }, (_, i) => openSse(`${url}/api/market/stream?symbols=BTCUSDT`, {}, { localAddress: `127.0.0.${2 + (i % 4)}` })));
    expect(clients.every((c) => c.status === 200)).toBe(true);
    expect(hub.size).toBe(200);
    for (const c of clients) c.close();
    const deadline = Date.now() + 5000;
    while ((hub.size > 0 || (await new Promise<number>((r) => server.getConnections((_e, n) => r(n)))) > 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(hub.size).toBe(0);
    expect(await new Promise<number>((r) => server.getConnections((_e, n) => r(n)))).toBe(0);
  });

  it('issue 26, "Stream caps": one client address holds at most 50 market streams (429 beyond); others are not limited', async () => {
    const hub = t.app.get(MarketStreamHub);
    const from = (address: string) => openSse(`${url}/api/market/stream?symbols=BTCUSDT`, {}, { localAddress: address });
    const fifty = await Promise.all(Array.from({ length: 50 }, () => from('127.0.0.20')));
    expect(fifty.every((c) => c.status === 200)).toBe(true);
    const beyond = await from('127.0.0.20');
    expect(beyond.status).toBe(429);
    expect(JSON.parse(beyond.body!)).toMatchObject({ statusCode: 429, code: 'MARKET.TOO_MANY_STREAMS' });
    const elsewhere = await from('127.0.0.21');
    expect(elsewhere.status).toBe(200);
    fifty[0].close();
    for (const deadline = Date.now() + 20_000; hub.size > 50 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    const again = await from('127.0.0.20');
    expect(again.status).toBe(200);
    for (const c of [...fifty, elsewhere, again]) c.close();
  });

  it('shutting an instance down ends its quote streams cleanly', async () => {
    const other = await anotherInstance(t);
    const client = await openSse(`${baseUrl(other.getHttpServer() as Server)}/api/market/stream?symbols=BTCUSDT`);
    expect(client.status).toBe(200);
    expect(other.get(MarketStreamHub).size).toBe(1);
    const closing = other.close();
    const outcome = await Promise.race([client.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 5000).unref())]);
    expect(outcome).toBe('ended');
    await closing;
    expect(other.get(MarketStreamHub).size).toBe(0);
  });
});
