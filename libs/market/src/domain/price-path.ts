import { createCipheriv, createHmac } from 'node:crypto';
import { INTERVAL_MS, type CandleInterval, type InstrumentSpec } from './instrument';

/**
 * The simulated market (product.md §9.2, §11.1): a geometric Brownian motion per instrument,
 *   S(t + dt) = S(t) · exp(−σ²·dt/2 + σ·√dt·Z),   dt in years, σ the instrument's yearly volatility,
 * whose shocks Z come from a CSPRNG keyed by the installation's 256-bit secret (MARKET_SECRET or DATA_DIR's
 * market-secret): nobody without the secret can tell the next tick, and two installations never share a path.
 * The generator is counter-based (AES-256-CTR keyed per symbol, the block counter being the step), so any step
 * is computed on its own: a backfill of any window, whenever and by whichever process, gives the same shocks.
 * The price stands still while the session is closed. Everything here is a plain number; prices become exact
 * decimal strings only in `formatPrice`.
 */
const YEAR_MS = 365 * 86_400_000;

/** The generator's lanes: the kinds of step, each its own sequence of blocks. */
export const PATH_LANES = { minute: 1, hour: 2, second: 3 } as const;
const BLOCK = 16;

/** The AES-256 key of one instrument's path: HMAC-SHA256(secret, symbol), so each symbol has an independent stream. */
export function pathKey(secret: string, symbol: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(secret)) throw new Error('the market secret must be 64 hex digits (256 bits)');
  return createHmac('sha256', Buffer.from(secret, 'hex')).update(`mirrorline market path v1 ${symbol}`).digest();
}

/**
 * `count` 16-byte blocks of the path's keystream from step `first` of `lane`: block i is AES-256(key, lane ‖ first + i)
 * (two big-endian 64-bit halves of the counter), one call for a whole stretch.
 */
export function pathBlocks(key: Buffer, lane: number, first: number, count: number): Buffer {
  if (!Number.isSafeInteger(first) || first < 0) throw new Error(`a step index must be a whole number ≥ 0 (got ${first})`);
  const counter = Buffer.alloc(BLOCK);
  counter.writeUInt32BE(lane, 4);
  counter.writeUInt32BE(Math.floor(first / 0x100000000), 8);
  counter.writeUInt32BE(first % 0x100000000, 12);
  return createCipheriv('aes-256-ctr', key, counter).update(Buffer.alloc(count * BLOCK));
}

/** The uniform in (0, 1) of 32 bits of the keystream at `offset`. */
function uniformAt(blocks: Buffer, offset: number): number {
  return (blocks.readUInt32BE(offset) + 0.5) / 0x100000000;
}

/** The standard normal shock of the block at `offset` (Box–Muller on its first two words). */
function normalAt(blocks: Buffer, offset: number): number {
  return Math.sqrt(-2 * Math.log(uniformAt(blocks, offset))) * Math.cos(2 * Math.PI * uniformAt(blocks, offset + 4));
}

/** The shock of one live tick: step `second` (seconds since the epoch) of the path `key`. */
export function tickShock(key: Buffer, second: number): number {
  return normalAt(pathBlocks(key, PATH_LANES.second, second, 1), 0);
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
 * starting at `startPrice`: a bar per step its session is open (a step is open when its first minute is). The
 * step's index since the epoch is the generator's counter, so a backfill of any window yields the same shocks as
 * another run over that window.
 */
export function simulateMinutes(secret: string, spec: InstrumentSpec, from: number, to: number, startPrice: number, stepMinutes = 1): MinuteBar[] {
  const bars: MinuteBar[] = [];
  let price = startPrice;
  const first = Math.floor(from / 60_000 / stepMinutes) * stepMinutes;
  const last = Math.floor(to / 60_000);
  const steps = Math.max(0, Math.floor((last - first) / stepMinutes));
  if (!steps) return bars;
  const dt = (stepMinutes * 60_000) / YEAR_MS;
  const drift = -0.5 * spec.volatility * spec.volatility * dt;
  const sigma = spec.volatility * Math.sqrt(dt);
  const open = minuteOpen(spec.session);
  // Coarser steps have a lane of their own: an hourly path is not sixty 1-minute ones.
  const lane = stepMinutes === 1 ? PATH_LANES.minute : PATH_LANES.hour;
  const blocks = pathBlocks(pathKey(secret, spec.symbol), lane, first / stepMinutes, steps);
  for (let i = 0; i < steps; i++) {
    const m = first + i * stepMinutes;
    if (!open(m)) continue;
    const at = i * BLOCK;
    const o = price;
    const c = o * Math.exp(drift + sigma * normalAt(blocks, at));
    // The extremes inside the step: beyond open/close by up to half a step's typical move.
    const up = uniformAt(blocks, at + 8) * sigma * 0.5;
    const down = uniformAt(blocks, at + 12) * sigma * 0.5;
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
