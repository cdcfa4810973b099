import { INTERVAL_MS, type CandleInterval, type InstrumentSpec } from './instrument';
import { isSessionOpen } from './session-calendar';

/**
 * The simulated market (product.md §9.2): a geometric Brownian motion per instrument,
 *   S(t + dt) = S(t) · exp(−σ²·dt/2 + σ·√dt·Z),   dt in years, σ the instrument's yearly volatility,
 * whose shocks Z are a pure function of (seed, symbol, step index): one MARKET_SEED gives one path,
 * whichever process computes it and whenever. The price stands still while the session is closed.
 * Everything here is a plain number; prices become exact decimal strings only in `formatPrice`.
 */
const YEAR_MS = 365 * 86_400_000;

/** 32-bit string hash (FNV-1a), to fold the seed and the symbol into the generator's key. */
export function hashKey(seed: number, symbol: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < symbol.length; i++) {
    h ^= symbol.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= Math.floor(seed / 0x100000000);
  return h >>> 0;
}

/** A uniform in (0, 1) from (key, index, lane): a counter-based generator (splitmix32 finaliser). */
function uniform(key: number, index: number, lane: number): number {
  let x = (key ^ Math.imul(index | 0, 0x9e3779b1) ^ Math.imul(Math.floor(index / 0x100000000) + lane * 0x632be5ab, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  x = (x ^ (x >>> 15)) >>> 0;
  return (x + 0.5) / 0x100000000;
}

/** A standard normal shock for step `index` of the path `key` (Box–Muller). */
export function shock(key: number, index: number, lane = 0): number {
  const u1 = uniform(key, index, lane * 2 + 1);
  const u2 = uniform(key, index, lane * 2 + 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** One GBM step of `ms` milliseconds with the shock z. */
export function gbmStep(price: number, volatility: number, ms: number, z: number): number {
  const dt = ms / YEAR_MS;
  return price * Math.exp(-0.5 * volatility * volatility * dt + volatility * Math.sqrt(dt) * z);
}

export function formatPrice(value: number, decimals: number): string {
  return value.toFixed(decimals);
}

/** Bid and ask around a mid price: about 1 pip FX, 0.02 % crypto, 1 cent stocks; ask > bid always. */
export function quoteAround(spec: InstrumentSpec, mid: number): { bid: string; ask: string } {
  const unit = 10 ** -spec.priceDecimals;
  const spread = Math.max(unit, spec.spreadRelative ? mid * spec.spread : spec.spread);
  const bid = Math.max(unit, Math.round((mid - spread / 2) / unit) * unit);
  const ask = Math.max(bid + unit, Math.round((bid + spread) / unit) * unit);
  return { bid: formatPrice(bid, spec.priceDecimals), ask: formatPrice(ask, spec.priceDecimals) };
}

export interface MinuteBar {
  /** start of the minute, ms since the epoch */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * The 1-minute path of one instrument over [from, to) (both rounded down to the minute), starting at
 * `startPrice`: a bar per minute its session is open. The minute index since the epoch keys the shocks,
 * so a backfill of any window yields the same shocks as another run over that window.
 */
export function simulateMinutes(seed: number, spec: InstrumentSpec, from: number, to: number, startPrice: number): MinuteBar[] {
  const key = hashKey(seed, spec.symbol);
  const bars: MinuteBar[] = [];
  let price = startPrice;
  const first = Math.floor(from / 60_000);
  const last = Math.floor(to / 60_000);
  const sigmaMinute = spec.volatility * Math.sqrt(60_000 / YEAR_MS);
  for (let m = first; m < last; m++) {
    const time = m * 60_000;
    if (!isSessionOpen(spec.session, new Date(time))) continue;
    const open = price;
    const close = gbmStep(open, spec.volatility, 60_000, shock(key, m));
    // The extremes inside the minute: beyond open/close by a fraction of a minute's move.
    const up = Math.abs(shock(key, m, 1)) * sigmaMinute * 0.5;
    const down = Math.abs(shock(key, m, 2)) * sigmaMinute * 0.5;
    bars.push({ time, open, close, high: Math.max(open, close) * (1 + up), low: Math.min(open, close) * (1 - down) });
    price = close;
  }
  return bars;
}

/** Rolls 1-minute bars up to a longer interval (UTC buckets), oldest first. */
export function rollUp(bars: readonly MinuteBar[], interval: CandleInterval): MinuteBar[] {
  const size = INTERVAL_MS[interval];
  const out: MinuteBar[] = [];
  let current: MinuteBar | undefined;
  for (const bar of bars) {
    const bucket = Math.floor(bar.time / size) * size;
    if (!current || current.time !== bucket) {
      current = { time: bucket, open: bar.open, high: bar.high, low: bar.low, close: bar.close };
      out.push(current);
    } else {
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
    }
  }
  return out;
}
