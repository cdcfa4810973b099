/**
 * Order-ticket arithmetic on exact decimal strings (bigint, 10⁻¹² scale): which side of the live price a
 * stop loss / take profit must be on (the server's rule: a buy's levels against the bid it would close
 * at, a sell's against the ask), and the money at risk per $1,000 of copier equity.
 */
import { matchesPattern, rangeHint, rule } from '../../../lib/input-rules';

const SCALE = 12n;
const ONE = 10n ** SCALE;
/** The API's form of a price (its OpenAPI pattern for stopLoss / takeProfit). */
const PRICE = rule('OpenTradeDto', 'stopLoss');

export function scaled(value: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  return BigInt(m[1]) * ONE + BigInt((m[2] ?? '').slice(0, Number(SCALE)).padEnd(Number(SCALE), '0'));
}

export interface TicketQuote {
  bid: string;
  ask: string;
}

/** The message for a level on the wrong side of the live price, or undefined. */
export function levelError(kind: 'stopLoss' | 'takeProfit', side: 'buy' | 'sell', value: string, quote: TicketQuote | null | undefined): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  if (!matchesPattern(PRICE, v) || !/[1-9]/.test(v)) return 'Enter a positive price, or leave it empty';
  if (!quote) return undefined;
  const level = scaled(v)!;
  const ref = side === 'buy' ? quote.bid : quote.ask;
  const price = scaled(ref)!;
  const name = kind === 'stopLoss' ? 'Stop loss' : 'Take profit';
  const below = (kind === 'stopLoss') === (side === 'buy');
  if (below && level >= price) return `${name} of a ${side} must be below the current price ${ref}`;
  if (!below && level <= price) return `${name} of a ${side} must be above the current price ${ref}`;
  return undefined;
}

/**
 * Money at risk per $1,000 of copier equity: the position is allocation % of it; at the stop loss it
 * loses size × |fill − SL| / fill (fill = ask for a buy, bid for a sell); without a stop loss, the whole
 * position. Cents, toward zero; null when it cannot be computed.
 */
export function riskPer1000(side: 'buy' | 'sell', allocationPct: number, stopLoss: string, quote: TicketQuote | null | undefined): string | null {
  if (!Number.isInteger(allocationPct) || allocationPct < 1 || allocationPct > 100) return null;
  const sizeCents = BigInt(allocationPct) * 1000n; // 1,000.00 × pct / 100, in cents
  let cents = sizeCents;
  if (stopLoss.trim()) {
    const sl = scaled(stopLoss);
    const fill = quote ? scaled(side === 'buy' ? quote.ask : quote.bid) : null;
    if (sl === null || !fill) return null;
    const diff = side === 'buy' ? fill - sl : sl - fill;
    if (diff <= 0n) return null;
    cents = (sizeCents * diff) / fill;
    if (cents > sizeCents) cents = sizeCents;
  }
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * A limit or stop order's price (the server's rule, product.md §12.5): a price it waits for, never one the live quote
 * already reaches (that would be a market order). A buy compares with the ask, a sell with the bid; a buy limit and a
 * sell stop wait below it, a sell limit and a buy stop above it. Without a live quote only the form is checked.
 */
export function entryPriceError(side: 'buy' | 'sell', type: 'limit' | 'stop', value: string, quote: TicketQuote | null | undefined): string | undefined {
  const v = value.trim();
  if (!v) return `Enter the ${type} price`;
  if (!matchesPattern(PRICE, v) || !/[1-9]/.test(v)) return 'Enter a positive price';
  if (!quote) return undefined;
  const ref = side === 'buy' ? quote.ask : quote.bid;
  const level = scaled(v)!;
  const price = scaled(ref)!;
  const below = (side === 'buy') === (type === 'limit');
  const quoteSide = side === 'buy' ? 'ask' : 'bid';
  if (below && level >= price) return `A ${side} ${type} must be below the current ${quoteSide} ${ref}`;
  if (!below && level <= price) return `A ${side} ${type} must be above the current ${quoteSide} ${ref}`;
  return undefined;
}

/** The longest a pending order may wait (the server's 30 days). */
export const MAX_ORDER_DAYS = 30;

/** An optional expiry (a datetime-local value): in the future and at most 30 days ahead. */
export function expiryError(value: string, now: Date): string | undefined {
  if (!value) return undefined;
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return 'Enter a date and time';
  if (at <= now.getTime()) return 'The expiry must be in the future';
  if (at - now.getTime() > MAX_ORDER_DAYS * 24 * 3600 * 1000) return `The expiry must be at most ${MAX_ORDER_DAYS} days ahead`;
  return undefined;
}

const TRAILING = rule('OpenTradeDto', 'trailingStopPct');

/** An optional trailing stop %: from 0.1 to 50, at most 2 decimals. */
export function trailingError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  const n = /^\d{1,3}(\.\d{1,2})?$/.test(v) ? Number(v) : NaN;
  // not withinRange: a trailing stop may have decimals
  if (!(n >= (TRAILING.minimum ?? 0) && n <= (TRAILING.maximum ?? Infinity))) return `Enter a percentage from ${rangeHint(TRAILING)} (at most 2 decimals), or leave it empty`;
  return undefined;
}
