/**
 * Live marks on the client, between two server answers: a position's mark is the close-side quote (bid
 * for a buy, ask for a sell) and its unrealized pnl = size × (mark − fill) / fill, negated for a sell,
 * never below −size (product.md §9.3). Exact decimals through bigint, truncated toward zero to the cent
 * like the server's copy-math, so it shows the figure the server computes from the same quote.
 */
import { centsToString, toCents } from './money';
import type { LiveQuote } from './market-stream';

const SCALE = 12;

function scaled(value: string): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const v = BigInt(m[2] + frac);
  return m[1] ? -v : v;
}

export function closeSidePrice(side: string, q: Pick<LiveQuote, 'bid' | 'ask'>): string {
  return side.toLowerCase() === 'sell' ? q.ask : q.bid;
}

/** Unrealized pnl (2-decimal string) of `size` filled at `fill`, marked at `mark`; null on bad input. */
export function unrealizedPnl(side: string, size: string, fill: string, mark: string): string | null {
  const s = toCents(size);
  const f = scaled(fill);
  const k = scaled(mark);
  if (s === null || f === null || k === null || f === 0n) return null;
  const sign = side.toLowerCase() === 'sell' ? -1n : 1n;
  let cents = (s * (k - f) * sign) / f;
  if (cents < -s) cents = -s;
  return centsToString(cents);
}

/** (mark − fill) / fill × 100, negated for a sell (display: 2 decimals). */
export function unrealizedPct(side: string, fill: string, mark: string): number | null {
  const f = Number(fill);
  const k = Number(mark);
  if (!(f > 0) || !Number.isFinite(k)) return null;
  const pct = ((k - f) / f) * 100;
  return side.toLowerCase() === 'sell' ? -pct : pct;
}

/** Adds 2-decimal strings exactly. */
export function sumMoney(values: (string | null | undefined)[]): string {
  let total = 0n;
  for (const v of values) total += toCents(v ?? '0') ?? 0n;
  return centsToString(total);
}
