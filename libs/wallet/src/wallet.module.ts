import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AuditModule } from '@mirrorline/audit';
import { Ledger } from './application/ports/ledger';
import { AccountHolders } from './application/ports/account-holders';
import { IdempotencyStore } from './application/ports/idempotency-store';
import { WalletTransactionRepository } from './application/ports/wallet-transaction.repository';
import { AdjustBalanceUseCase } from './application/use-cases/adjust-balance/adjust-balance.use-case';
import { SqlLedger } from './adapters/persistence/sql-ledger';
import { SqlAccountHolders } from './adapters/persistence/sql-account-holders';
import { SqlIdempotencyStore } from './adapters/persistence/sql-idempotency-store';
import { MikroOrmWalletTransactionRepository } from './adapters/persistence/mikro-orm-wallet-transaction.repository';
import { WalletTransactionEntity } from './adapters/persistence/wallet-transaction.entity';
import { LedgerAccountEntity, LedgerEntryEntity, LedgerTransactionEntity } from './adapters/persistence/ledger.entities';
import { IdempotencyInterceptor } from './adapters/http/idempotency.interceptor';
import { FaultInjection } from './adapters/http/fault-injection';
import { LedgerInspector } from './application/ports/ledger-inspector';
import { DecideTransactionUseCase } from './application/use-cases/decide-transaction/decide-transaction.use-case';
import { GetWalletUseCase } from './application/use-cases/get-wallet/get-wallet.use-case';
import { GetWalletsOverviewUseCase } from './application/use-cases/get-wallets-overview/get-wallets-overview.use-case';
import { ListTransactionsUseCase } from './application/use-cases/list-transactions/list-transactions.use-case';
import { RequestDepositUseCase } from './application/use-cases/request-deposit/request-deposit.use-case';
import { RequestWithdrawalUseCase } from './application/use-cases/request-withdrawal/request-withdrawal.use-case';
import { SqlLedgerInspector } from './adapters/persistence/sql-ledger-inspector';
import { WalletController } from './adapters/http/wallet.controller';
import { AdminWalletController } from './adapters/http/admin-wallet.controller';
import { WalletEquityController } from './adapters/http/wallet-equity.controller';
import { EquityHistory } from './application/ports/equity-history';
import { SqlEquityHistory } from './adapters/persistence/sql-equity-history';
import { WithdrawalAddresses } from './application/ports/withdrawal-addresses';
import { SqlWithdrawalAddresses } from './adapters/persistence/sql-withdrawal-addresses';
import { ManageWithdrawalAddressesUseCase } from './application/use-cases/manage-withdrawal-addresses/manage-withdrawal-addresses.use-case';
import { DepositReferences } from './application/ports/deposit-references';
import { SqlDepositReferences } from './adapters/persistence/sql-deposit-references';
import { BankTransfersUseCase } from './application/use-cases/bank-transfers/bank-transfers.use-case';
import { AuthModule } from '@mirrorline/auth';
import { WalletForAuthModule } from './wallet-for-auth.module';

/**
 * Wallet and ledger. Exports the Ledger port (copy trading moves money through it), the admin
 * balance adjustment (users context) and the idempotency mechanism (`@Idempotent()` needs the
 * controller's module to import this one).
 */
@Module({
  imports: [MikroOrmModule.forFeature([WalletTransactionEntity, LedgerAccountEntity, LedgerTransactionEntity, LedgerEntryEntity]), AuditModule, AuthModule, WalletForAuthModule],
  controllers: [WalletController, AdminWalletController, WalletEquityController],
  providers: [
    { provide: LedgerInspector, useClass: SqlLedgerInspector },
    { provide: EquityHistory, useClass: SqlEquityHistory },
    { provide: Ledger, useClass: SqlLedger },
    { provide: AccountHolders, useClass: SqlAccountHolders },
    { provide: IdempotencyStore, useClass: SqlIdempotencyStore },
    { provide: WalletTransactionRepository, useClass: MikroOrmWalletTransactionRepository },
    IdempotencyInterceptor,
    FaultInjection,
    { provide: WithdrawalAddresses, useClass: SqlWithdrawalAddresses },
    ManageWithdrawalAddressesUseCase,
    AdjustBalanceUseCase,
    RequestDepositUseCase,
    RequestWithdrawalUseCase,
    DecideTransactionUseCase,
    GetWalletUseCase,
    ListTransactionsUseCase,
    GetWalletsOverviewUseCase,
    { provide: DepositReferences, useClass: SqlDepositReferences },
    BankTransfersUseCase,
  ],
  exports: [Ledger, LedgerInspector, IdempotencyStore, IdempotencyInterceptor, FaultInjection, AdjustBalanceUseCase, DecideTransactionUseCase, MikroOrmModule],
})
export class WalletModule {}
