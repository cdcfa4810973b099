import { Module } from '@nestjs/common';
import { AuditModule } from '@mirrorline/audit';
import { AccountsModule } from '@mirrorline/accounts';
import { GrantAdminFromShellUseCase } from './application/use-cases/grant-admin-from-shell/grant-admin-from-shell.use-case';

/**
 * What `npm run admin` needs (apps/api/src/cli/admin.ts): the operator's grant of the Admin role, without the
 * HTTP routes, the workers and the other contexts of the API.
 */
@Module({
  imports: [AccountsModule, AuditModule],
  providers: [GrantAdminFromShellUseCase],
  exports: [GrantAdminFromShellUseCase],
})
export class AdminShellModule {}
