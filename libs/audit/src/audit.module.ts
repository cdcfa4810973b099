import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AuditLog } from './application/ports/audit-log';
import { ListAuditLogUseCase } from './application/use-cases/list-audit-log/list-audit-log.use-case';
import { MikroOrmAuditLog } from './adapters/persistence/mikro-orm-audit-log';
import { AuditLogEntity } from './adapters/persistence/audit-log.entity';
import { AuditController } from './adapters/http/audit.controller';

/** The append-only audit log of admin actions; other contexts inject `AuditLog` and record inside their transaction. */
@Module({
  imports: [MikroOrmModule.forFeature([AuditLogEntity])],
  controllers: [AuditController],
  providers: [{ provide: AuditLog, useClass: MikroOrmAuditLog }, ListAuditLogUseCase],
  exports: [AuditLog, MikroOrmModule],
})
export class AuditModule {}
