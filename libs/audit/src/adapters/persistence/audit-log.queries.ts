import { sql, type Sql } from '@mirrorline/shared';
import type { AuditEntry } from '../../domain/audit-entry';

/** JSON.stringify that keeps bigint values readable instead of throwing. */
const toJson = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** The audit log's one hand-written statement (MikroOrmAuditLog runs it; the listing goes through MikroORM). */
export const auditLogQueries = {
  /** One entry, its before/after kept as given (jsonb), the IP clipped to its column. */
  insert(entry: AuditEntry): Sql<never> {
    return sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, ip)
       VALUES (${entry.actorId}, ${entry.action}, ${entry.targetType}, ${entry.targetId ?? null},
               ${toJson(entry.before)}::jsonb, ${toJson(entry.after)}::jsonb, ${entry.ip ? entry.ip.slice(0, 64) : null})`;
  },
};
