import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { UserEntity } from './adapters/persistence/user.entity';
import { UserAccounts } from './application/user-accounts';
import { UserKycStatuses } from './application/user-kyc-statuses';
import { UserRepository } from './application/user.repository';
import { SqlUserAccounts } from './adapters/persistence/sql-user-accounts';
import { SqlUserKycStatuses } from './adapters/persistence/sql-user-kyc-statuses';
import { SqlUserRepository } from './adapters/persistence/sql-user.repository';

/**
 * The accounts context (docs/architecture.md "Context map"): owner of `users`. Auth (UserAccounts),
 * KYC (UserKycStatuses) and the back office (UserRepository) import this module and get its services;
 * nothing here is global.
 */
@Module({
  imports: [MikroOrmModule.forFeature([UserEntity])],
  providers: [
    { provide: UserAccounts, useClass: SqlUserAccounts },
    { provide: UserKycStatuses, useClass: SqlUserKycStatuses },
    { provide: UserRepository, useClass: SqlUserRepository },
  ],
  exports: [MikroOrmModule, UserAccounts, UserKycStatuses, UserRepository],
})
export class AccountsModule {}
