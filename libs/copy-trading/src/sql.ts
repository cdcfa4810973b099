// @mirrorline/copy-trading/sql: the SQL fragments copy trading publishes for the contexts above it (docs/architecture.md
// "Wiring"): it owns trader_profiles, copies, trader_trades, copy_positions (docs/table-ownership.json), so a caller
// composes these and never names the tables.
export { copyTradingQueries } from './adapters/persistence/copy-trading.queries';
export { tradingSeedQueries, type SeedClosedTrade, type SeedTradeReprice } from './adapters/persistence/trading-seed.queries';
