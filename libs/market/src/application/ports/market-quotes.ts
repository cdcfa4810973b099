import type { Instrument, Quote } from '../../domain/instrument';

/** An executable quote: fillable (≤ MARKET_MAX_QUOTE_AGE and ≤ MARKET_MAX_FILL_AGE_MS), inside the instrument's session. */
export interface ExecutableQuote extends Quote {
  instrument: Instrument;
}

/**
 * What other contexts (copy trading) ask the market for. They never read the market's tables.
 * Implemented by the market lib over its PostgreSQL tables (the one source every instance shares).
 */
export abstract class MarketQuotes {
  /** The instrument, or throws MARKET.UNKNOWN_SYMBOL (400). */
  abstract instrument(symbol: string): Instrument;
  /**
   * A quote to fill an order on now. Throws MARKET.UNKNOWN_SYMBOL (400), MARKET.CLOSED (409) outside the
   * session, MARKET.NO_QUOTE (503, Retry-After) when missing or older than MARKET_MAX_QUOTE_AGE or
   * MARKET_MAX_FILL_AGE_MS (product.md §11.1).
   */
  abstract executableQuote(symbol: string): Promise<ExecutableQuote>;
  /** Latest quotes of every open instrument that has a fresh one (≤ MARKET_MAX_QUOTE_AGE: marks, live equity). */
  abstract freshQuotes(): Promise<Quote[]>;
  /**
   * What fills may use now (the price watcher's SL/TP closes and close-outs): the latest quote of every open
   * instrument that is young enough to fill on, with `batch` (quotes just stored) over them — minus those of the
   * batch too old to fill on.
   */
  abstract fillableQuotes(batch?: readonly Quote[]): Promise<Quote[]>;
  /**
   * The latest quote of every instrument, however old (a closed market's price stands still at its last quote):
   * what the public statistics mark open trades at, so that no open loss drops out of them. The same Map object
   * is returned until a quote changes, so a caller may keep what it computed from it until then.
   */
  abstract lastQuotes(): Promise<ReadonlyMap<string, Quote>>;
  /** 1-minute candles of a symbol in [from, to), oldest first (demo history, charts). */
  abstract candles(symbol: string, interval: '1m' | '5m' | '1h' | '1d', from: Date, to: Date): Promise<Candle[]>;
}

export interface Candle {
  time: Date;
  open: string;
  high: string;
  low: string;
  close: string;
}

/** Called by the market whenever new quotes are stored (on every instance, via LISTEN/NOTIFY). */
export abstract class QuoteListener {
  abstract onQuotes(quotes: Quote[]): void | Promise<void>;
}
