import type { NestExpressApplication } from '@nestjs/platform-express';
import { FeedLeader, MarketQuotes, QuoteListener, QuoteListeners, type Quote } from '@mirrorline/market';
import { PgNotifications } from '@mirrorline/shared/nest';
import { createTestApp, type TestApp } from './support/test-app';
import { anotherInstance } from './support/instances';
import { eventually } from './support/eventually';

class Recorder extends QuoteListener {
  readonly batches: Quote[][] = [];
  onQuotes(quotes: Quote[]): void {
    this.batches.push(quotes);
  }
}

/** Polls until `check` holds (generous deadline: a bound on a broken case, not a speed target); resolves with the ms it took. */
async function timed(check: () => Promise<boolean> | boolean, what: string): Promise<number> {
  const started = Date.now();
  await eventually(check, { timeoutMs: 60_000, intervalMs: 100, what });
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
  }, 300_000);
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

  // The feed ticks every SIMULATED_TICK_MS (1 s; a tick still running when the next is due is skipped, so a busy
  // machine ticks less often): the rate is a figure of bench:stream, not an assertion here.
  it('keeps ticking, and the other instance hears every batch through LISTEN/NOTIFY', async () => {
    const recorder = new Recorder();
    const remove = b.get(QuoteListeners).register(recorder);
    const before = await a.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'BTCUSDT'`);
    const btc = () => recorder.batches.flat().filter((q) => q.symbol === 'BTCUSDT');
    await eventually(() => btc().length >= 3, { timeoutMs: 60_000, what: 'three BTCUSDT quotes heard by the other instance' });
    remove();
    const after = await a.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'BTCUSDT'`);
    expect(new Date(after[0].time).getTime()).toBeGreaterThan(new Date(before[0].time).getTime());
    const times = btc().map((q) => q.time.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(new Set(times).size).toBe(times.length); // one quote a tick, each later than the last
    expect(btc()[0]).toEqual({ symbol: 'BTCUSDT', bid: expect.stringMatching(/^\d+\.\d{2}$/), ask: expect.stringMatching(/^\d+\.\d{2}$/), time: expect.any(Date) });
  });

  it('the LISTEN connection reconnects and LISTENs again after it is killed', async () => {
    const notifications = b.get(PgNotifications);
    const pid = await notifications.backendPid();
    await a.sql('SELECT pg_terminate_backend(?)', [pid]);
    const recorder = new Recorder();
    const remove = b.get(QuoteListeners).register(recorder);
    await timed(() => recorder.batches.length > 0, 'a batch heard after the reconnection');
    remove();
    expect(await notifications.backendPid()).not.toBe(pid);
  });

  it('when the leader loses its lock session, exactly one instance leads again', async () => {
    const [holder] = await a.sql<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    await a.sql('SELECT pg_terminate_backend(?)', [holder.pid]);
    const locks = async () =>
      Number((await a.sql<{ n: string }>(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`))[0].n);
    // one leader again (never two: the old one stops its feed when its lock session goes), holding the lock
    await timed(async () => a.app.get(FeedLeader).isLeader !== b.get(FeedLeader).isLeader && (await locks()) === 1, 'one leader again');
    const [before] = await a.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'BTCUSDT'`);
    await timed(async () => {
      const [now] = await a.sql<{ time: Date }>(`SELECT time FROM market_quotes WHERE symbol = 'BTCUSDT'`);
      return new Date(now.time).getTime() > new Date(before.time).getTime();
    }, 'a newer BTCUSDT quote');
  }, 150_000);

  it('when the leader dies, the other instance takes over and the quotes keep moving', async () => {
    if (b.get(FeedLeader).isLeader) {
      // make `a` the leader again: b steps down by losing its lock session
      const [holder] = await a.sql<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      await a.sql('SELECT pg_terminate_backend(?)', [holder.pid]);
      await timed(() => a.app.get(FeedLeader).isLeader, 'a leading again').catch(() => undefined);
    }
    expect(a.app.get(FeedLeader).isLeader).toBe(true);
    await a.app.close(); // its session ends and the lock with it, as when the process dies
    aClosed = true;
    const tookMs = await timed(() => b.get(FeedLeader).isLeader, 'b taking over');
    const [before] = await b.get(MarketQuotes).freshQuotes().then((q) => q.filter((x) => x.symbol === 'BTCUSDT'));
    await timed(async () => {
      const [now] = (await b.get(MarketQuotes).freshQuotes()).filter((x) => x.symbol === 'BTCUSDT');
      return now !== undefined && (!before || now.time.getTime() > before.time.getTime());
    }, 'quotes moving again');
    process.stdout.write(`feed takeover after the leader stopped: ${tookMs} ms\n`);
  }, 150_000);
});
