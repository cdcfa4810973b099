import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QuoteListener, QuoteListeners, type Quote } from '@mirrorline/market';
import { gbmStep, pathKey, tickShock } from '../libs/market/src/domain/price-path';
import { marketSecretOfSeed } from '../apps/api/src/config/load-config';
import { createTestApp, type TestApp } from './support/test-app';

/** Every BTCUSDT quote an instance stores, in order (its QuoteListeners see each batch of its own feed). */
class Ticks extends QuoteListener {
  readonly quotes: Quote[] = [];
  private waiting?: { count: number; resolve: () => void };
  onQuotes(quotes: Quote[]): void {
    for (const q of quotes) if (q.symbol === 'BTCUSDT') this.quotes.push(q);
    if (this.waiting && this.quotes.length >= this.waiting.count) this.waiting.resolve();
  }
  /** Resolves once `count` quotes are in (the feed ticks every second; the deadline is generous for a busy machine). */
  collect(count: number): Promise<void> {
    if (this.quotes.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fewer than ${count} ticks within 60 s`)), 60_000);
      this.waiting = { count, resolve: () => (clearTimeout(timer), resolve()) };
    });
  }
}

const mid = (q: Quote) => (Number(q.bid) + Number(q.ask)) / 2;

/**
 * How many of the ticks one can foretell with `secret`: each tick computed from the one before it, exactly as the
 * feed moves its price (one GBM step whose shock is the path's block at that second), within 2e-6 of the stored mid.
 */
function foretold(ticks: readonly Quote[], secret: string, volatility: number): { hits: number; moves: number } {
  const key = pathKey(secret, 'BTCUSDT');
  let hits = 0;
  let moves = 0;
  for (let i = 1; i < ticks.length; i++) {
    const [before, after] = [Math.floor(ticks[i - 1].time.getTime() / 1000), Math.floor(ticks[i].time.getTime() / 1000)];
    if (after <= before) continue; // the same second: the price did not move
    moves++;
    const predicted = gbmStep(mid(ticks[i - 1]), volatility, (after - before) * 1000, tickShock(key, after));
    if (Math.abs(predicted / mid(ticks[i]) - 1) < 2e-6) hits++;
  }
  return { hits, moves };
}

/**
 * product.md §11.1: the simulated market draws from a CSPRNG keyed by a 256-bit secret generated once per
 * installation. Two apps started with the default configuration (no MARKET_SEED, no MARKET_SECRET) each make
 * their own secret, so their paths differ; and the source alone (every key it could give) foretells no tick,
 * while the installation's own secret foretells every one — the secret is all there is to know.
 */
describe('simulated prices nobody can know in advance', () => {
  let a: TestApp;
  let b: TestApp;
  const ticks = { a: new Ticks(), b: new Ticks() };
  let volatility: number;

  beforeAll(async () => {
    const env = { MARKET_FEED: 'simulated', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
    [a, b] = [await createTestApp(env), await createTestApp(env)];
    a.app.get(QuoteListeners).register(ticks.a);
    b.app.get(QuoteListeners).register(ticks.b);
    [{ volatility }] = (await a.sql<{ volatility: string }>(`SELECT volatility::text FROM market_instruments WHERE symbol = 'BTCUSDT'`)).map((r) => ({
      volatility: Number(r.volatility),
    }));
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('each installation keeps its own 256-bit secret in DATA_DIR; two installations, two price paths', async () => {
    const secretOf = (t: TestApp) => readFileSync(join(t.config.dataDir, 'market-secret'), 'utf8').trim();
    expect(secretOf(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(secretOf(a)).toBe(a.config.marketSecret);
    expect(secretOf(b)).toBe(b.config.marketSecret);
    expect(secretOf(a)).not.toBe(secretOf(b));

    // Their histories start at the same price 90 days ago and go their own ways from the first step.
    const closes = (t: TestApp) =>
      t.sql<{ close: string }>(`SELECT close::text FROM market_candles WHERE symbol = 'BTCUSDT' AND interval = '1h' ORDER BY time LIMIT 500`);
    const [ha, hb] = [await closes(a), await closes(b)];
    expect(ha).toHaveLength(500);
    expect(ha.filter((row, i) => row.close === hb[i].close).length).toBeLessThan(5);

    // And so do their live ticks.
    await Promise.all([ticks.a.collect(3), ticks.b.collect(3)]);
    const moves = (t: Ticks) => t.quotes.slice(0, 3).map((q, i, all) => (i ? mid(q) / mid(all[i - 1]) : 1));
    expect(moves(ticks.a)).not.toEqual(moves(ticks.b));
  });

  it('the source alone cannot predict a tick: only the installation\'s secret foretells it', async () => {
    await ticks.a.collect(6);
    const live = ticks.a.quotes.slice(0, 6);
    // The secret stored in A's DATA_DIR foretells every one of A's ticks (to 2e-6: the price's own rounding)…
    const own = foretold(live, a.config.marketSecret!, volatility);
    expect(own.moves).toBeGreaterThanOrEqual(4);
    expect(own.hits).toBe(own.moves);
    // …and nothing the source holds does: the old default seed, a zero key, a seed a reader might try, another
    // installation's secret. A tick moves about 1e-4 at random, 50 times the tolerance: a guess hits by luck alone.
    for (const guess of [marketSecretOfSeed(20261123), marketSecretOfSeed(7), '0'.repeat(64), b.config.marketSecret!]) {
      expect(foretold(live, guess, volatility).hits).toBeLessThanOrEqual(1);
    }
  });
});
