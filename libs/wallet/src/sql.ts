// @mirrorline/wallet/sql: the SQL fragments the wallet publishes for the contexts above it (docs/architecture.md
// "Wiring"): it owns the ledger's tables (docs/table-ownership.json), so a caller composes these and never names them.
export { walletQueries } from './adapters/persistence/wallet.queries';
export { ledgerSetPostings, type SetPosting } from './adapters/persistence/ledger-set-postings.queries';
