import { DomainError } from '@mirrorline/shared';
import { canonicalPrice, closePrice, openPrice, PRICE_SCALE, scalePrice, type TradeSide } from './copy-math';

/**
 * Entry orders and trailing stops (product.md §12.5, docs/copy-trading.md "Entry orders"): the pure rules. The
 * price watcher's set-based statements (sql-entry-orders.ts, sql-price-watch-store.ts) spell the same tests in SQL;
 * the fill re-checks each order with these functions under its locks.
 */

export const ORDER_TYPES = ['market', 'limit', 'stop'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export type EntryOrderType = Exclude<OrderType, 'market'>;

export const ORDER_STATUSES = ['pending', 'filled', 'cancelled', 'expired', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The longest a pending order may live: expiresAt at most this far ahead. */
export const MAX_ORDER_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** trailingStopPct: from 0.1 to 50 %, at most 2 decimals. */
export const TRAILING_STOP_PCT = { min: 0.1, max: 50 } as const;

type Bidask = { bid: string; ask: string };

export const orderErrors = {
  wrongSide: (message: string) => new DomainError('ORDER.WRONG_SIDE', message, 'validation'),
  badExpiry: (message: string) => new DomainError('ORDER.INVALID_EXPIRY', message, 'validation'),
  notFound: () => new DomainError('ORDER.NOT_FOUND', 'Order not found', 'not_found'),
  notPending: (status: OrderStatus) => new DomainError('ORDER.NOT_PENDING', `This order is ${status}, not pending`, 'conflict'),
};

/**
 * Whether an entry order's price is reached by this quote. A buy enters at the ask: a buy limit when the ask is at
 * or below its price (so it fills at that price or better), a buy stop when the ask is at or above it. A sell enters
 * at the bid: a sell limit when the bid is at or above its price, a sell stop when the bid is at or below it.
 */
export function orderTriggered(side: TradeSide, type: EntryOrderType, quote: Bidask, price: string): boolean {
  const entry = scalePrice(openPrice(side, quote));
  const level = scalePrice(price);
  const fallsTo = (side === 'buy') === (type === 'limit'); // buy limit and sell stop wait for the price to come down
  return fallsTo ? entry <= level : entry >= level;
}

/**
 * Why an entry order's price is on the wrong side of the market, or null: an order its quote already triggers would
 * fill at once (a buy limit at or above the ask, a sell limit at or below the bid; a stop the other way) — that is a
 * market order, so it is refused with the current price named.
 */
export function orderPriceProblem(side: TradeSide, type: EntryOrderType, quote: Bidask, price: string): string | null {
  if (!orderTriggered(side, type, quote, price)) return null;
  const current = openPrice(side, quote);
  const quoteSide = side === 'buy' ? 'ask' : 'bid';
  const where = (side === 'buy') === (type === 'limit') ? 'below' : 'above';
  return `price of a ${side} ${type} must be ${where} the current ${quoteSide} ${current} (else it is a market order)`;
}

/** Why expiresAt is refused (past, or more than 30 days ahead), or null. */
export function expiryProblem(expiresAt: Date, now: Date): string | null {
  if (expiresAt.getTime() <= now.getTime()) return 'expiresAt must be in the future';
  if (expiresAt.getTime() - now.getTime() > MAX_ORDER_LIFETIME_MS) return 'expiresAt must be at most 30 days ahead';
  return null;
}

/**
 * The stop level that trails this quote by `pct` %: below the close-side price (bid) for a buy, rounded down to
 * 8 decimals; above it (ask) for a sell, rounded up. Exactly `floor(bid × (100 − pct) × 10⁶) / 10⁸` (and the ceil
 * of ask × (100 + pct) for a sell), as the watcher's ratchet statement computes it in numeric.
 */
export function trailingStopLevel(side: TradeSide, quote: Bidask, pct: number): string {
  const price = scalePrice(closePrice(side, quote));
  const hundredths = BigInt(Math.round(pct * 100));
  const scaled = side === 'buy' ? (price * (10_000n - hundredths)) / 10_000n : ceilDiv(price * (10_000n + hundredths), 10_000n);
  return canonicalPrice(formatScaled(scaled));
}

/**
 * The ratchet: the new stop loss of a trailing trade at this quote, or null when it stays. It only ever tightens —
 * up for a buy, down for a sell — so a stop loss never loosens, whatever the price does.
 */
export function ratchetStop(side: TradeSide, quote: Bidask, pct: number, current: string | null): string | null {
  const level = trailingStopLevel(side, quote, pct);
  if (current === null) return level;
  const tighter = side === 'buy' ? scalePrice(level) > scalePrice(current) : scalePrice(level) < scalePrice(current);
  return tighter ? level : null;
}

/** The tighter of two stop levels for a side (the higher for a buy, the lower for a sell); null when both are. */
export function tighterStop(side: TradeSide, a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return (side === 'buy') === scalePrice(a) > scalePrice(b) ? a : b;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

function formatScaled(scaled: bigint): string {
  return `${scaled / PRICE_SCALE}.${(scaled % PRICE_SCALE).toString().padStart(8, '0')}`;
}
