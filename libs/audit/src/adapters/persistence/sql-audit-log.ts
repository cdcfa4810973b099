import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { emOf, pageOffset, runSql, sql, type Page, type TransactionContext } from '@mirrorline/shared';
import { assertValidAuditEntry, type AuditEntry, type AuditRecord } from '../../domain/audit-entry';
import { AuditLog, type AuditQuery } from '../../application/ports/audit-log';

interface Row {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Date;
}

/** JSON.stringify that keeps bigint values readable instead of throwing. */
const toJson = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

@Injectable()
export class SqlAuditLog extends AuditLog {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async record(tx: TransactionContext, entry: AuditEntry): Promise<void> {
    assertValidAuditEntry(entry);
    await runSql(
      emOf(tx),
      sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, ip)
          VALUES (${entry.actorId}, ${entry.action}, ${entry.targetType}, ${entry.targetId ?? null},
                  ${toJson(entry.before)}::jsonb, ${toJson(entry.after)}::jsonb, ${entry.ip ? entry.ip.slice(0, 64) : null})`,
    );
  }

  async list(query: AuditQuery): Promise<Page<AuditRecord>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.action) {
      where.push('action = ?');
      params.push(query.action);
    }
    if (query.actorId) {
      where.push('actor_id = ?');
      params.push(query.actorId);
    }
    if (query.targetId) {
      where.push('target_id = ?');
      params.push(query.targetId);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const em = this.em.fork();
    const [{ total }] = await em.execute<{ total: string }[]>(`SELECT count(*) AS total FROM audit_log ${clause}`, params);
    const rows = await em.execute<Row[]>(
      `SELECT * FROM audit_log ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`,
      [...params, query.limit, pageOffset(query)],
    );
    return {
      items: rows.map((row) => ({
        id: String(row.id),
        actorId: row.actor_id,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: row.before,
        after: row.after,
        ip: row.ip,
        createdAt: new Date(row.created_at),
      })),
      total: Number(total),
      page: query.page,
      limit: query.limit,
    };
  }
}
