// @mirrorline/market/testing: the in-memory quotes and alert store, the feeds and the stream hub the market specs drive for specs, test/ and bench/ only (docs/architecture.md "Wiring"; the
// boundaries rule refuses this entry anywhere else).
export { InMemoryMarketQuotes, TEST_INSTRUMENTS } from './testing/in-memory-market-quotes';
export * from './testing/in-memory-alert-store';
export { TestMarketFeed } from './adapters/feeds/test-market-feed';
export { BinanceMarketFeed } from './adapters/feeds/binance-market-feed';
export { MarketStreamHub } from './adapters/http/market-stream.hub';
