/** The three markets of product.md §9.1 (same spelling as copy trading's `Market`). */
export type MarketKind = 'Forex' | 'Crypto' | 'Stocks';

export interface Instrument {
  symbol: string;
  market: MarketKind;
  name: string;
  /** decimals a price of this instrument is quoted with */
  priceDecimals: number;
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
