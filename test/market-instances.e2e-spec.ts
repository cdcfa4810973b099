import type { NestExpressApplication } from '@nestjs/platform-express';
import { FeedLeader, MarketQuotes, QuoteListener, QuoteListeners, type Quote } from '@mirrorline/market';
import { PgNotifications } from '@mirrorline/shared/nest';
import { createTestApp, type TestApp } from './support/test-app';
import { anotherInstance } from './support/instances';

class Recorder extends QuoteListener {
  readonly batches: Quote[][] = [];
  onQuotes(quotes: Quote[]): void {
    this.batches.push(quotes);
  }
}

async function eventually(check: () => Promise<boolean> | boolean, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

/** Two API instances on one database with the simulated market: one leader, history, NOTIFY, takeover. */
describe('simulated market across two instances', () => {
  let a: TestApp;
  let b: NestExpressApplication;
  let aClosed = false;
  let startMs: number;
  beforeAll(async () => {
    const started = Date.now();
    a = await createTestApp({ MARKET_FEED: 'simulated', MARKET_SEED: '7', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    startMs = Date.now() - started;
    b = await anotherInstance(a, { MARKET_FEED: 'simulated', MARKET_SEED: '7' });
  }, 120_000);
  afterAll(async () => {
    await b.close();
    if (!aClosed) await a.close();
    else await a.close().catch(() => undefined);
  });

  it('exactly one instance runs the feed (advisory lock)', () => {
    expect(a.app.get(FeedLeader).isLeader).toBe(true);
    expect(b.get(FeedLeader).isLeader).toBe(false);
  });

  it('wrote history at first start continuous with the live price: ≥ 24 h of 1m and 90 days of 1h candles', async () => {
    const [counts] = await a.sql<{ m1: string; h1: string; first_h: Date }>(
      `SELECT count(*) FILTER (WHERE interval = '1m') AS m1, count(*) FILTER (WHERE interval = '1h') AS h1,
              min(time) FILTER (WHERE interval = '1h') AS first_h
       FROM market_candles WHERE symbol = 'BTCUSDT'`,
    );
    expect(Number(counts.m1)).toBeGreaterThanOrEqual(24 * 60);
    expect(Number(counts.h1)).toBeGreaterThanOrEqual(90 * 24 - 1);
    expect(Date.now() - new Date(counts.first_h).getTime()).toBeGreaterThanOrEqual(90 * 86_400_000 - 3_600_000);
    // continuity: the last 1m candle's close is within a few ticks of the live quote
    const [last] = await a.sql<{ close: string }>(`SELECT close::text FROM market_candles WHERE symbol = 'BTCUSDT' AND interval = '1m' ORDER BY time DESC LIMIT 1`);
    const quote = await a.app.get(MarketQuotes).executableQuote('BTCUSDT');
    const mid = (Number(quote.bid) + Number(quote.ask)) / 2;
    expect(Math.abs(mid - Number(last.close)) / mid).toBeLessThan(0.01);
    process.stdout.write(`first start with 90 days of simulated history: ${startMs} ms\n`);
  });

  it('ticks at least once a second per open instrument, and the other instance hears every batch through LISTEN/NOTIFY', async () => {
    const recorder = new Recorder();
    const remove = b.get(QuoteListeners).register(recorder);
    const before = await a.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'BTCUSDT'`);
    await new Promise((r) => setTimeout(r, 3_200));
    remove();
    const after = await a.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'BTCUSDT'`);
    expect(new Date(after[0].time).getTime() - new Date(before[0].time).getTime()).toBeGreaterThanOrEqual(2_000);
    expect(recorder.batches.length).toBeGreaterThanOrEqual(3);
    const btc = recorder.batches.flat().filter((q) => q.symbol === 'BTCUSDT');
    expect(btc.length).toBeGreaterThanOrEqual(3);
    expect(btc[0]).toEqual({ symbol: 'BTCUSDT', bid: expect.stringMatching(/^\d+\.\d{2}$/), ask: expect.stringMatching(/^\d+\.\d{2}$/), time: expect.any(Date) });
  });

  it('the LISTEN connection reconnects and LISTENs again after it is killed', async () => {
    const notifications = b.get(PgNotifications);
    const pid = await notifications.backendPid();
    await a.sql('SELECT pg_terminate_backend(?)', [pid]);
    const recorder = new Recorder();
    const remove = b.get(QuoteListeners).register(recorder);
    await eventually(() => recorder.batches.length > 0, 10_000);
    remove();
    expect(await notifications.backendPid()).not.toBe(pid);
  });

  it('when the leader loses its lock session, exactly one instance leads again within 15 s', async () => {
    const [holder] = await a.sql<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    await a.sql('SELECT pg_terminate_backend(?)', [holder.pid]);
    const locks = async () =>
      Number((await a.sql<{ n: string }>(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`))[0].n);
    // one leader again (never two: the old one stops its feed when its lock session goes), holding the lock
    await eventually(async () => a.app.get(FeedLeader).isLeader !== b.get(FeedLeader).isLeader && (await locks()) === 1, 15_000);
    const [before] = await a.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'BTCUSDT'`);
    await eventually(async () => {
      const [now] = await a.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'BTCUSDT'`);
      return new Date(now.time).getTime() > new Date(before.time).getTime();
    }, 5_000);
  }, 30_000);

  it('when the leader dies, the other instance takes over within 15 s and the quotes keep moving', async () => {
    if (b.get(FeedLeader).isLeader) {
      // make `a` the leader again: b steps down by losing its lock session
      const [holder] = await a.sql<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      await a.sql('SELECT pg_terminate_backend(?)', [holder.pid]);
      await eventually(() => a.app.get(FeedLeader).isLeader, 15_000).catch(() => undefined);
    }
    expect(a.app.get(FeedLeader).isLeader).toBe(true);
    await a.app.close(); // its session ends and the lock with it, as when the process dies
    aClosed = true;
    const stoppedAt = Date.now();
    const tookMs = await eventually(() => b.get(FeedLeader).isLeader, 15_000);
    const [before] = await b.get(MarketQuotes).freshQuotes().then((q) => q.filter((x) => x.symbol === 'BTCUSDT'));
    await eventually(async () => {
      const [now] = (await b.get(MarketQuotes).freshQuotes()).filter((x) => x.symbol === 'BTCUSDT');
      return now !== undefined && (!before || now.time.getTime() > before.time.getTime());
    }, 5_000);
    expect(Date.now() - stoppedAt).toBeLessThanOrEqual(15_000);
    process.stdout.write(`feed takeover after the leader stopped: ${tookMs} ms\n`);
  }, 30_000);
});
