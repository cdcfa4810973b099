// @mirrorline/copy-trading/testing: the ledger fixtures, the in-memory fakes and the notices adapter the outbox specs drive for specs, test/ and bench/ only (docs/architecture.md "Wiring"; the
// boundaries rule refuses this entry anywhere else).
export * as copyTradingFixtures from './testing/ledger-fixtures';
export * from './testing/in-memory-copy-trading';
export * from './testing/in-memory-trade-engine';
export * from './testing/in-memory-open-trades';
export * from './testing/in-memory-price-watch-store';
export { SqlCopyNotices } from './adapters/persistence/sql-copy-notices';
