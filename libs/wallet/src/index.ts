// Transitional (until the users re-cut of issue 29 step 3 lands): users' adapters import walletQueries from here;
// everyone else imports it from @mirrorline/wallet/sql.
export { walletQueries } from './adapters/persistence/wallet.queries';
export * from './domain/amount';
export * from './domain/wallet-transaction';
export * from './application/ports/ledger';
export * from './application/ports/idempotency-store';
export * from './application/ports/ledger-inspector';
export { DEMO_DEPOSIT } from './application/ports/equity-history';
export * from './application/use-cases/adjust-balance/adjust-balance.use-case';
export * from './application/use-cases/decide-transaction/decide-transaction.use-case';
export { kycRequired } from './application/use-cases/request-deposit/request-deposit.use-case';
export * from './domain/wallet-errors';
export { WalletTransactionEntity } from './adapters/persistence/wallet-transaction.entity';
export { LedgerAccountEntity, LedgerEntryEntity, LedgerTransactionEntity } from './adapters/persistence/ledger.entities';
export { Idempotent, IDEMPOTENCY_HEADER, OperationRef, operationRef } from './adapters/http/idempotency.interceptor';
export * from './wallet.module';
export { WalletForAuthModule } from './wallet-for-auth.module';
