import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, type Page, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { assertValidAuditEntry, type AuditEntry, type AuditRecord } from '../../domain/audit-entry';
import { AuditLog, type AuditQuery } from '../../application/ports/audit-log';
import { AuditLogEntity } from './audit-log.entity';
import { auditLogMapper } from './audit-log.mapper';
import { auditLogQueries } from './audit-log.queries';

/**
 * The audit log: entries written with one INSERT (values in place, jsonb kept as given), read through
 * MikroORM (AuditLogEntity, filtered and paged, mapper to the domain record).
 */
@Injectable()
export class MikroOrmAuditLog extends AuditLog {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async record(tx: TransactionContext, entry: AuditEntry): Promise<void> {
    assertValidAuditEntry(entry);
    await runSql(emOf(tx), auditLogQueries.insert(entry));
  }

  async list(query: AuditQuery): Promise<Page<AuditRecord>> {
    const where = {
      ...(query.action ? { action: query.action } : {}),
      ...(query.actorId ? { actorId: query.actorId } : {}),
      ...(query.targetId ? { targetId: query.targetId } : {}),
    };
    const [entities, total] = await this.em
      .fork()
      .findAndCount(AuditLogEntity, where, { orderBy: { id: 'DESC' }, limit: query.limit, offset: pageOffset(query), disableIdentityMap: true });
    return { items: entities.map(auditLogMapper.toRecord), total, page: query.page, limit: query.limit };
  }
}
