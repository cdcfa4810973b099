/**
 * A source of prices (product.md §9.2). Exactly one instance of the API runs the feed at a time (the
 * FeedLeader holds a PostgreSQL advisory lock); it pushes what it produces through the QuotePipeline,
 * which stores it and tells every instance. `MARKET_FEED` picks the adapter: simulated, binance or test.
 */
export abstract class MarketFeed {
  abstract readonly kind: 'simulated' | 'binance' | 'test';
  /** Starts producing (this instance just became the leader). */
  abstract start(): Promise<void>;
  /** Stops producing (shutdown, or leadership lost). */
  abstract stop(): Promise<void>;
  /** Whether the feed has a source for this market at all (binance: crypto only). */
  abstract serves(market: 'Forex' | 'Crypto' | 'Stocks'): boolean;
}
