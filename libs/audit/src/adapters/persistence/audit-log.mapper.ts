import type { AuditRecord } from '../../domain/audit-entry';
import type { AuditLogEntity } from './audit-log.entity';

/** Entity → the domain's audit record (ids as strings, dates typed). */
export const auditLogMapper = {
  toRecord(entity: AuditLogEntity): AuditRecord {
    return {
      id: String(entity.id),
      actorId: entity.actorId,
      action: entity.action,
      targetType: entity.targetType,
      targetId: entity.targetId,
      before: entity.before,
      after: entity.after,
      ip: entity.ip,
      createdAt: new Date(entity.createdAt),
    };
  },
};
