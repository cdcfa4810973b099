import { DomainError } from '@mirrorline/shared';

/** product.md §12.5: an alert fires when the price is at or beyond its level in its direction. */
export type AlertDirection = 'above' | 'below';
export const ALERT_DIRECTIONS: readonly AlertDirection[] = ['above', 'below'];

/** At most this many symbols on a watchlist. */
export const WATCHLIST_MAX = 50;
/** At most this many active (not yet triggered) alerts per user. */
export const ACTIVE_ALERTS_MAX = 100;
/** Triggered alerts stay listed (GET alerts) this long after they fired. */
export const TRIGGERED_LISTED_DAYS = 7;

export interface PriceAlert {
  id: string;
  symbol: string;
  direction: AlertDirection;
  /** exact decimal string at the instrument's precision */
  price: string;
  notifyByEmail: boolean;
  createdAt: Date;
  triggeredAt: Date | null;
  /** the bid of the quote that spent it */
  triggeredPrice: string | null;
}

export const alertErrors = {
  badPrice: (symbol: string, decimals: number) =>
    new DomainError('ALERT.BAD_PRICE', `price must be a positive decimal with at most ${decimals} decimals for ${symbol}`, 'validation'),
  tooMany: () => new DomainError('ALERT.TOO_MANY', `You already have ${ACTIVE_ALERTS_MAX} active alerts: delete one first`, 'conflict'),
  notFound: () => new DomainError('ALERT.NOT_FOUND', 'Alert not found', 'not_found'),
  watchlistTooLong: () => new DomainError('WATCHLIST.TOO_MANY', `A watchlist holds at most ${WATCHLIST_MAX} symbols`, 'validation'),
};

/**
 * The alert's price as stored: a positive decimal with at most `decimals` places (the instrument's precision),
 * trailing zeros kept as given. Returns null when it is not one (zero, negative, exponent, too many decimals).
 */
export function alertPrice(value: string, decimals: number): string | null {
  const match = /^(\d{1,16})(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  if (!/[1-9]/.test(match[1] + fraction)) return null;
  const whole = match[1].replace(/^0+(?=\d)/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Compares two non-negative decimal strings exactly: −1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const [aw, af = ''] = a.split('.');
  const [bw, bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(aw + af.padEnd(width, '0'));
  const y = BigInt(bw + bf.padEnd(width, '0'));
  return x === y ? 0 : x < y ? -1 : 1;
}

/**
 * Whether a quote's bid crosses the alert: at or above its price for `above`, at or below for `below`. The
 * TypeScript twin of the watcher's SQL test (SqlAlertStore.spendCrossed), used by the specs.
 */
export function crosses(direction: AlertDirection, price: string, bid: string): boolean {
  const c = compareDecimals(bid, price);
  return direction === 'above' ? c >= 0 : c <= 0;
}

/**
 * A watchlist as stored: the symbols in the order given, each once (the first occurrence wins). Throws
 * WATCHLIST.TOO_MANY past WATCHLIST_MAX distinct symbols; whether each is known is the caller's check.
 */
export function normalizeWatchlist(symbols: readonly string[]): string[] {
  const distinct = [...new Set(symbols)];
  if (distinct.length > WATCHLIST_MAX) throw alertErrors.watchlistTooLong();
  return distinct;
}

/**
 * The words of a triggered alert, for the bell (its `data` carries the figures too) and the mail:
 * "BTCUSDT is at or above 50000", "Your price alert was reached: the bid was 50010. The alert is now spent."
 */
export function alertNotice(alert: { symbol: string; direction: AlertDirection; price: string; triggeredPrice: string }): { title: string; body: string } {
  return {
    title: `${alert.symbol} is at or ${alert.direction} ${alert.price}`,
    body: `Your price alert was reached: the bid was ${alert.triggeredPrice}. The alert is now spent.`,
  };
}
