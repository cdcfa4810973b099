import { Logger } from '@nestjs/common';
import { WebSocketServer, type WebSocket } from 'ws';
import { MarketQuotes } from '@mirrorline/market';
import { BinanceMarketFeed } from '@mirrorline/market/testing';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The binance adapter against a local WebSocket server speaking Binance's documented combined-stream
 * format ({stream, data}; bookTicker {u,s,b,B,a,A}; kline {e:"kline",E,s,k:{t,T,s,i,o,c,h,l,v,x,…}}).
 * The server pings, sends one malformed message, and drops the first connection once.
 */
describe('binance feed (local ws server in Binance format)', () => {
  let t: TestApp;
  let server: WebSocketServer;
  const paths: string[] = [];
  let pongs = 0;
  const sockets: WebSocket[] = [];
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const warn = jest.spyOn(Logger.prototype, 'warn');

  const bookTicker = (s: string, b: string, a: string, u: number) => JSON.stringify({ stream: `${s.toLowerCase()}@bookTicker`, data: { u, s, b, B: '1.50000000', a, A: '2.00000000' } });
  const kline = (s: string, o: string, h: string, l: string, c: string) =>
    JSON.stringify({
      stream: `${s.toLowerCase()}@kline_1m`,
      data: { e: 'kline', E: Date.now(), s, k: { t: minute, T: minute + 59_999, s, i: '1m', f: 1, L: 2, o, c, h, l, v: '10.5', n: 2, x: false, q: '1', V: '1', Q: '1', B: '0' } },
    });

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    server.on('connection', (socket, req) => {
      sockets.push(socket);
      paths.push(req.url ?? '');
      socket.on('pong', () => pongs++);
      if (sockets.length === 1) {
        socket.ping();
        socket.send(bookTicker('BTCUSDT', '65000.01000000', '65000.02000000', 1));
        socket.send('{"stream":"btcusdt@bookTicker","data":'); // malformed: logged and skipped
        socket.send(kline('BTCUSDT', '65000.00', '65100.50', '64950.00', '65050.00'));
        setTimeout(() => socket.terminate(), 700); // the drop
      } else {
        socket.send(bookTicker('BTCUSDT', '65100.10000000', '65100.20000000', 2));
        socket.send(bookTicker('ETHUSDT', '3400.10', '3400.30', 3));
        socket.send(kline('BTCUSDT', '65000.00', '65200.00', '64900.00', '65100.15'));
      }
    });
    const address = server.address() as { port: number };
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', MARKET_FEED: 'binance', BINANCE_WS_URL: `ws://127.0.0.1:${address.port}` });
    t.app.get(BinanceMarketFeed).backoffBaseMs = 100;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
    warn.mockRestore();
  });

  async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('subscribes to bookTicker and kline_1m of every crypto instrument on one combined stream', () => {
    expect(paths[0]).toMatch(/^\/stream\?streams=/);
    const streams = paths[0].slice('/stream?streams='.length).split('/');
    expect(streams).toEqual(expect.arrayContaining(['btcusdt@bookTicker', 'btcusdt@kline_1m', 'ethusdt@bookTicker', 'ethusdt@kline_1m']));
    expect(streams.some((s) => s.startsWith('eurusd') || s.startsWith('aapl'))).toBe(false);
  });

  it('stores bookTicker quotes (rounded to the instrument) and survives the drop by reconnecting', async () => {
    await eventually(async () => (await t.sql(`SELECT 1 FROM market_quotes WHERE symbol = 'ETHUSDT'`)).length === 1);
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    const quote = await t.app.get(MarketQuotes).executableQuote('BTCUSDT');
    expect(quote).toMatchObject({ bid: '65100.10', ask: '65100.20' });
  });

  it('answers pings, and logs and skips the malformed message', async () => {
    expect(pongs).toBeGreaterThanOrEqual(1);
    const feed = t.app.get(BinanceMarketFeed);
    expect(feed.stats.skipped).toBe(1);
    expect(warn.mock.calls.some(([m]) => typeof m === 'string' && m.includes('skipped a malformed stream message'))).toBe(true);
  });

  it('writes kline_1m candles (the 1m row replaced as the kline updates) and their roll-ups', async () => {
    await eventually(async () => (await t.sql(`SELECT 1 FROM market_candles WHERE symbol = 'BTCUSDT' AND interval = '1m' AND close = 65100.15`)).length === 1);
    const rows = await t.sql<{ interval: string; open: string; high: string; low: string; close: string }>(
      `SELECT interval, open::float8::text AS open, high::float8::text AS high, low::float8::text AS low, close::float8::text AS close
       FROM market_candles WHERE symbol = 'BTCUSDT' ORDER BY interval`,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { interval: '1m', open: '65000', high: '65200', low: '64900', close: '65100.15' },
        { interval: '1h', open: '65000', high: '65200', low: '64900', close: '65100.15' },
      ]),
    );
  });

  it('lists Forex and Stocks as closed: they have no source in this mode', async () => {
    const res = await t.http().get('/api/market/instruments').expect(200);
    const open = res.body.filter((i: { open: boolean }) => i.open).map((i: { market: string }) => i.market);
    expect(new Set(open)).toEqual(new Set(['Crypto']));
    await expect(t.app.get(MarketQuotes).executableQuote('EURUSD')).rejects.toMatchObject({ code: 'MARKET.CLOSED' });
  });

  it('rotates the connection before the 24 h limit', async () => {
    const feed = t.app.get(BinanceMarketFeed);
    const before = feed.stats.connections;
    // the rotation timer is armed on each open; shorten it and force a new connection to arm it
    feed.rotateAfterMs = 300;
    sockets[sockets.length - 1].terminate();
    await eventually(async () => feed.stats.connections >= before + 2, 8000);
  });
});
