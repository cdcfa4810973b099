export * from './domain/instrument';
export * from './domain/market-errors';
export * from './application/ports/market-quotes';
