import { INTERVAL_MS, type CandleInterval, type InstrumentSpec } from './instrument';

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
 * The path of one instrument over [from, to) in steps of `stepMinutes` (1, or 60 for the older history),
 * starting at `startPrice`: a bar per step its session is open (a step is open when its first minute is). The minute index since the epoch keys the shocks,
 * so a backfill of any window yields the same shocks as another run over that window.
 */
export function simulateMinutes(seed: number, spec: InstrumentSpec, from: number, to: number, startPrice: number, stepMinutes = 1): MinuteBar[] {
  const key = hashKey(seed, spec.symbol);
  const bars: MinuteBar[] = [];
  let price = startPrice;
  const first = Math.floor(from / 60_000 / stepMinutes) * stepMinutes;
  const last = Math.floor(to / 60_000);
  const dt = (stepMinutes * 60_000) / YEAR_MS;
  const drift = -0.5 * spec.volatility * spec.volatility * dt;
  const sigma = spec.volatility * Math.sqrt(dt);
  const open = minuteOpen(spec.session);
  // Coarser steps draw from other lanes of the generator: an hourly path is not sixty 1-minute ones.
  const lane = stepMinutes === 1 ? 0 : 10 + stepMinutes;
  for (let m = first; m + stepMinutes <= last; m += stepMinutes) {
    if (!open(m)) continue;
    const o = price;
    const c = o * Math.exp(drift + sigma * shock(key, m, lane));
    // The extremes inside the step: beyond open/close by up to half a step's typical move.
    const up = uniform(key, m, 7 + lane * 3) * sigma * 0.5;
    const down = uniform(key, m, 8 + lane * 3) * sigma * 0.5;
    bars.push({ time: m * 60_000, open: o, close: c, high: Math.max(o, c) * (1 + up), low: Math.min(o, c) * (1 - down) });
    price = c;
  }
  return bars;
}

/** isSessionOpen for an epoch minute, without a Date per minute (the history loops over millions of them). */
function minuteOpen(session: InstrumentSpec['session']): (minute: number) => boolean {
  if (session === 'crypto') return () => true;
  // 1970-01-01 was a Thursday: day of week = (days + 4) % 7, Sunday = 0 (as Date.getUTCDay).
  return (minute) => {
    const day = Math.floor(minute / 1440);
    const minuteOfDay = minute - day * 1440;
    const weekday = (day + 4) % 7;
    const probe = isSessionOpenAt(session, weekday, minuteOfDay);
    return probe;
  };
}

function isSessionOpenAt(session: InstrumentSpec['session'], weekday: number, minuteOfDay: number): boolean {
  if (session === 'stocks') return weekday >= 1 && weekday <= 5 && minuteOfDay >= 870 && minuteOfDay < 1260;
  const m = weekday * 1440 + minuteOfDay;
  return m >= 1320 && m < 5 * 1440 + 1320;
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
