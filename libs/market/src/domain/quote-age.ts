import type { Quote } from './instrument';

/** How old a quote may be (product.md §9.2, §11.1), in milliseconds. */
export interface QuoteAgeLimits {
  /** MARKET_MAX_QUOTE_AGE: older is stale — charts and marks say so, and nothing fills on it */
  maxQuoteAgeMs: number;
  /** MARKET_MAX_FILL_AGE_MS: a fill uses a quote at most this old (default 2 s) */
  maxFillAgeMs: number;
}

const ageMs = (quote: Quote, now: Date): number => now.getTime() - new Date(quote.time).getTime();

/** Not stale: what marks and charts use. */
export function isFresh(quote: Quote, now: Date, limits: QuoteAgeLimits): boolean {
  return ageMs(quote, now) <= limits.maxQuoteAgeMs;
}

/**
 * Young enough to fill an order on: fresh, and at most MARKET_MAX_FILL_AGE_MS old, so nobody trades on a price the
 * market has already left (a feed that lags the real market, a leader that died a moment ago).
 */
export function isFillable(quote: Quote, now: Date, limits: QuoteAgeLimits): boolean {
  const age = ageMs(quote, now);
  return age <= limits.maxQuoteAgeMs && age <= limits.maxFillAgeMs;
}
