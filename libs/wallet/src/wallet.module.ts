import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Ledger } from './application/ports/ledger';
import { AccountHolders } from './application/ports/account-holders';
import { IdempotencyStore } from './application/ports/idempotency-store';
import { WalletTransactionRepository } from './application/ports/wallet-transaction.repository';
import { AdjustBalanceUseCase } from './application/use-cases/adjust-balance/adjust-balance.use-case';
import { MikroOrmLedger } from './adapters/persistence/mikro-orm-ledger';
import { MikroOrmAccountHolders } from './adapters/persistence/mikro-orm-account-holders';
import { MikroOrmIdempotencyStore } from './adapters/persistence/mikro-orm-idempotency-store';
import { MikroOrmWalletTransactionRepository } from './adapters/persistence/mikro-orm-wallet-transaction.repository';
import { WalletTransactionEntity } from './adapters/persistence/wallet-transaction.entity';
import { IdempotencyInterceptor } from './adapters/http/idempotency.interceptor';

/**
 * Wallet and ledger. Exports the Ledger port (copy trading moves money through it), the admin
 * balance adjustment (users context) and the idempotency mechanism (`@Idempotent()` needs the
 * controller's module to import this one).
 */
@Module({
  imports: [MikroOrmModule.forFeature([WalletTransactionEntity])],
  providers: [
    { provide: Ledger, useClass: MikroOrmLedger },
    { provide: AccountHolders, useClass: MikroOrmAccountHolders },
    { provide: IdempotencyStore, useClass: MikroOrmIdempotencyStore },
    { provide: WalletTransactionRepository, useClass: MikroOrmWalletTransactionRepository },
    IdempotencyInterceptor,
    AdjustBalanceUseCase,
  ],
  exports: [Ledger, IdempotencyStore, IdempotencyInterceptor, AdjustBalanceUseCase],
})
export class WalletModule {}
