/** The three markets of product.md §9.1 (same spelling as copy trading's `Market`). */
export type MarketKind = 'Forex' | 'Crypto' | 'Stocks';

/** Trading sessions (UTC, holidays ignored): see session-calendar.ts. */
export type MarketSession = 'crypto' | 'forex' | 'stocks';

export interface Instrument {
  symbol: string;
  market: MarketKind;
  name: string;
  /** decimals a price of this instrument is quoted with */
  priceDecimals: number;
  session: MarketSession;
}

/** An instrument with what the simulated feed needs to move its price. */
export interface InstrumentSpec extends Instrument {
  /** yearly volatility of the simulated random walk (0.08 = 8 %) */
  volatility: number;
  /** the spread: a fraction of the price when `spreadRelative`, else an absolute price step */
  spread: number;
  spreadRelative: boolean;
  /** where the simulated price starts when there is no history at all */
  basePrice: number;
}

/**
 * A quote: exact decimal strings (never floats), `time` when the feed produced it.
 * bid ≤ ask; a buy fills at the ask and closes at the bid, a sell the other way round (§9.3).
 */
export interface Quote {
  symbol: string;
  bid: string;
  ask: string;
  time: Date;
}

export type CandleInterval = '1m' | '5m' | '1h' | '1d';
export const CANDLE_INTERVALS: readonly CandleInterval[] = ['1m', '5m', '1h', '1d'];
export const INTERVAL_MS: Record<CandleInterval, number> = { '1m': 60_000, '5m': 300_000, '1h': 3_600_000, '1d': 86_400_000 };
