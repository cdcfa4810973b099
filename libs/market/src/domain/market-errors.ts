import { DomainError } from '@mirrorline/shared';

/** Retry-After of a 503 MARKET.NO_QUOTE: a quote is due within a second while a market is open (simulated: every second; binance: every 250 ms). */
export const NO_QUOTE_RETRY_AFTER_SECONDS = 1;

/** product.md §9.3: the codes every caller of the market sees. */
export const marketErrors = {
  unknownSymbol: (symbol: string) => new DomainError('MARKET.UNKNOWN_SYMBOL', `Unknown symbol: ${symbol}`, 'validation'),
  closed: (symbol: string) => new DomainError('MARKET.CLOSED', `${symbol} is outside its trading session`, 'conflict'),
  noQuote: (symbol: string) =>
    new DomainError('MARKET.NO_QUOTE', `No fresh quote for ${symbol}: try again in a moment`, 'service_unavailable', { retryAfterSeconds: NO_QUOTE_RETRY_AFTER_SECONDS }),
};
