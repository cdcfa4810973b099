import { Global, Module } from '@nestjs/common';
import { UserAccounts } from '@mirrorline/auth';
import { UserKycStatuses } from '@mirrorline/kyc';
import { SqlUserAccounts } from './adapters/auth/sql-user-accounts';
import { SqlUserKycStatuses } from './adapters/kyc/sql-user-kyc-statuses';

/**
 * The users context's answers to the ports of the contexts below it in the import order (auth's
 * UserAccounts, KYC's UserKycStatuses): they write `users`, which only this context may name in SQL
 * (docs/architecture.md, "Table ownership"). Global because auth and KYC cannot import users back.
 */
@Global()
@Module({
  providers: [
    { provide: UserAccounts, useClass: SqlUserAccounts },
    { provide: UserKycStatuses, useClass: SqlUserKycStatuses },
  ],
  exports: [UserAccounts, UserKycStatuses],
})
export class UsersPortsModule {}
