export * from './domain/copy';
export * from './domain/copy-math';
export * from './application/ports/trader-profiles';
export * from './application/ports/copy-trading-queries';
export * from './application/ports/trade-engine';
export * from './application/ports/copy-repository';
export { SqlTradeEngine } from './adapters/persistence/sql-trade-engine';
export { SqlCopyRepository } from './adapters/persistence/sql-copy-repository';
export * from './copy-trading.module';
