import { Module } from '@nestjs/common';
import { AuditModule } from '@mirrorline/audit';
import { UsersModule } from './users.module';
import { UserRepository } from './application/ports/user.repository';
import { SqlUserRepository } from './adapters/persistence/sql-user.repository';
import { GrantAdminFromShellUseCase } from './application/use-cases/grant-admin-from-shell/grant-admin-from-shell.use-case';

/**
 * What `npm run admin` needs (apps/api/src/cli/admin.ts): the operator's grant of the Admin role, without the
 * HTTP routes, the workers and the other contexts of the API.
 */
@Module({
  imports: [UsersModule, AuditModule],
  providers: [{ provide: UserRepository, useClass: SqlUserRepository }, GrantAdminFromShellUseCase],
  exports: [GrantAdminFromShellUseCase],
})
export class AdminShellModule {}
