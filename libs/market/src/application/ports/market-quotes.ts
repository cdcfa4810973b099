import type { Instrument, Quote } from '../../domain/instrument';

/** An executable quote: fresh (≤ MARKET_MAX_QUOTE_AGE), inside the instrument's session. */
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
   * session, MARKET.NO_QUOTE (503) when missing or older than MARKET_MAX_QUOTE_AGE.
   */
  abstract executableQuote(symbol: string): Promise<ExecutableQuote>;
  /** Latest quotes of every open instrument that has a fresh one (for marks and the price watcher). */
  abstract freshQuotes(): Promise<Quote[]>;
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
