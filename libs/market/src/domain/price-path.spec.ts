import { createHash, randomBytes } from 'node:crypto';
import type { InstrumentSpec } from './instrument';
import { gbmStep, pathBlocks, pathKey, PATH_LANES, quoteAround, rollUp, simulateMinutes, tickShock, type MinuteBar } from './price-path';

/** A fixed 256-bit secret per number (as MARKET_SEED makes one under NODE_ENV=test). */
const secret = (n: number) => createHash('sha256').update(`spec secret ${n}`).digest('hex');

const btc: InstrumentSpec = { symbol: 'BTCUSDT', market: 'Crypto', name: 'Bitcoin', priceDecimals: 2, session: 'crypto', volatility: 0.6, spread: 0.0002, spreadRelative: true, basePrice: 65000 };
const eur: InstrumentSpec = { symbol: 'EURUSD', market: 'Forex', name: 'Euro', priceDecimals: 5, session: 'forex', volatility: 0.08, spread: 0.0001, spreadRelative: false, basePrice: 1.085 };
const aapl: InstrumentSpec = { symbol: 'AAPL', market: 'Stocks', name: 'Apple', priceDecimals: 2, session: 'stocks', volatility: 0.3, spread: 0.01, spreadRelative: false, basePrice: 190 };
const DAY = 86_400_000;
const from = Date.UTC(2026, 10, 16); // Monday 2026-11-16

describe('simulated price path (GBM on a secret-keyed CSPRNG)', () => {
  it('one secret gives one path; another secret another', () => {
    const a = simulateMinutes(secret(42), btc, from, from + DAY, 65000);
    const b = simulateMinutes(secret(42), btc, from, from + DAY, 65000);
    const c = simulateMinutes(secret(43), btc, from, from + DAY, 65000);
    expect(a).toHaveLength(1440);
    expect(b).toEqual(a);
    expect(c.map((x) => x.close)).not.toEqual(a.map((x) => x.close));
    // symbols of one secret move independently
    const eth = simulateMinutes(secret(42), { ...btc, symbol: 'ETHUSDT' }, from, from + DAY, 65000);
    expect(eth.map((x) => x.close)).not.toEqual(a.map((x) => x.close));
  });

  it('a window computed on its own equals the same window of a longer run (the backfill after a restart is the same path)', () => {
    const whole = simulateMinutes(secret(7), btc, from, from + 2 * DAY, 65000);
    const firstHalf = simulateMinutes(secret(7), btc, from, from + DAY, 65000);
    const secondHalf = simulateMinutes(secret(7), btc, from + DAY, from + 2 * DAY, firstHalf[firstHalf.length - 1].close);
    expect([...firstHalf, ...secondHalf]).toEqual(whole);
    // continuous: each minute opens at the previous close
    for (let i = 1; i < whole.length; i++) expect(whole[i].open).toBe(whole[i - 1].close);
  });

  it('has about the yearly volatility it was given', () => {
    const days = 60;
    const bars = simulateMinutes(secret(1), btc, from, from + days * DAY, 65000);
    const logs = bars.map((b) => Math.log(b.close / b.open));
    const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
    const variance = logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1);
    const yearly = Math.sqrt(variance * 365 * 1440);
    expect(yearly).toBeGreaterThan(0.55);
    expect(yearly).toBeLessThan(0.65);
    expect(Number.isFinite(gbmStep(100, 0.6, 1000, tickShock(pathKey(secret(1), 'BTCUSDT'), 1_795_000_000)))).toBe(true);
  });

  it('stands still outside the session: no forex bars at the weekend, stock bars only 14:30–21:00 on weekdays', () => {
    const week = simulateMinutes(secret(3), eur, from - 2 * DAY, from + 5 * DAY, 1.085); // Saturday → Saturday
    expect(week.some((b) => new Date(b.time).getUTCDay() === 6)).toBe(false);
    expect(week.length).toBe(5 * 1440); // Sunday 22:00 → Friday 22:00
    const day = simulateMinutes(secret(3), aapl, from, from + DAY, 190);
    expect(day).toHaveLength(390);
    expect(new Date(day[0].time).toISOString()).toBe('2026-11-16T14:30:00.000Z');
    const closedWeekend = simulateMinutes(secret(3), aapl, from - 2 * DAY, from, 190);
    expect(closedWeekend).toEqual([]);
  });

  it('quotes have ask > bid with about 1 pip FX, 0.02 % crypto, 1 cent stocks', () => {
    expect(quoteAround(eur, 1.08503)).toEqual({ bid: '1.08498', ask: '1.08508' });
    expect(quoteAround(aapl, 190.005)).toEqual({ bid: '190.00', ask: '190.01' });
    const q = quoteAround(btc, 65000);
    expect(Number(q.ask) - Number(q.bid)).toBeCloseTo(13, 1);
    expect(quoteAround({ ...eur, priceDecimals: 3, spread: 0.01 }, 151.5)).toEqual({ bid: '151.495', ask: '151.505' });
  });
});

describe('the generator (AES-256-CTR keyed per symbol by HMAC-SHA256 of the secret)', () => {
  it('takes only a 256-bit secret: 64 hex digits', () => {
    expect(() => pathKey('20261123', 'BTCUSDT')).toThrow(/64 hex digits/);
    expect(() => pathKey('ab'.repeat(31), 'BTCUSDT')).toThrow(/64 hex digits/);
    expect(pathKey(randomBytes(32).toString('hex'), 'BTCUSDT')).toHaveLength(32);
  });

  it('gives random access by step: a stretch read at once equals its steps read one by one', () => {
    const key = pathKey(secret(5), 'ETHUSDT');
    const second = 1_795_000_000;
    const stretch = pathBlocks(key, PATH_LANES.second, second, 5);
    for (let i = 0; i < 5; i++) expect(pathBlocks(key, PATH_LANES.second, second + i, 1)).toEqual(stretch.subarray(i * 16, i * 16 + 16));
    // lanes and symbols are independent streams
    expect(pathBlocks(key, PATH_LANES.minute, second, 1)).not.toEqual(stretch.subarray(0, 16));
    expect(pathBlocks(pathKey(secret(5), 'BTCUSDT'), PATH_LANES.second, second, 1)).not.toEqual(stretch.subarray(0, 16));
  });

  it('one flipped bit of the secret gives an unrelated path', () => {
    const a = secret(9);
    const flipped = Buffer.from(a, 'hex');
    flipped[31] ^= 1;
    const x = simulateMinutes(a, btc, from, from + DAY, 65000).map((b) => Math.log(b.close / b.open));
    const y = simulateMinutes(flipped.toString('hex'), btc, from, from + DAY, 65000).map((b) => Math.log(b.close / b.open));
    const sameSign = x.filter((r, i) => Math.sign(r) === Math.sign(y[i])).length / x.length;
    expect(sameSign).toBeGreaterThan(0.4); // about half, as for two independent paths
    expect(sameSign).toBeLessThan(0.6);
    const correlation = x.reduce((s, r, i) => s + r * y[i], 0) / Math.sqrt(x.reduce((s, r) => s + r * r, 0) * y.reduce((s, r) => s + r * r, 0));
    expect(Math.abs(correlation)).toBeLessThan(0.1);
  });

  it('live shocks are standard normal', () => {
    const key = pathKey(secret(11), 'BTCUSDT');
    const z = Array.from({ length: 20_000 }, (_, i) => tickShock(key, 1_795_000_000 + i));
    const mean = z.reduce((s, x) => s + x, 0) / z.length;
    const variance = z.reduce((s, x) => s + (x - mean) ** 2, 0) / (z.length - 1);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(variance).toBeGreaterThan(0.95);
    expect(variance).toBeLessThan(1.05);
  });
});

describe('roll-ups', () => {
  const bars: MinuteBar[] = [
    { time: Date.UTC(2026, 0, 5, 10, 0), open: 10, high: 12, low: 9, close: 11 },
    { time: Date.UTC(2026, 0, 5, 10, 1), open: 11, high: 15, low: 10, close: 14 },
    { time: Date.UTC(2026, 0, 5, 10, 4), open: 14, high: 14, low: 7, close: 8 },
    { time: Date.UTC(2026, 0, 5, 10, 5), open: 8, high: 9, low: 8, close: 9 },
    { time: Date.UTC(2026, 0, 5, 11, 0), open: 9, high: 20, low: 9, close: 19 },
  ];
  it('5m / 1h / 1d buckets: first open, highest high, lowest low, last close, UTC-aligned', () => {
    expect(rollUp(bars, '5m')).toEqual([
      { time: Date.UTC(2026, 0, 5, 10, 0), open: 10, high: 15, low: 7, close: 8 },
      { time: Date.UTC(2026, 0, 5, 10, 5), open: 8, high: 9, low: 8, close: 9 },
      { time: Date.UTC(2026, 0, 5, 11, 0), open: 9, high: 20, low: 9, close: 19 },
    ]);
    expect(rollUp(bars, '1h')).toEqual([
      { time: Date.UTC(2026, 0, 5, 10), open: 10, high: 15, low: 7, close: 9 },
      { time: Date.UTC(2026, 0, 5, 11), open: 9, high: 20, low: 9, close: 19 },
    ]);
    expect(rollUp(bars, '1d')).toEqual([{ time: Date.UTC(2026, 0, 5), open: 10, high: 20, low: 7, close: 19 }]);
  });
});
