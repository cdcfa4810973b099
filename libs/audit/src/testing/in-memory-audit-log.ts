import type { Page, TransactionContext } from '@mirrorline/shared';
import { assertValidAuditEntry, type AuditEntry, type AuditRecord } from '../domain/audit-entry';
import { AuditLog, type AuditQuery } from '../application/ports/audit-log';

/** In-memory fake for unit specs of use cases that audit. */
export class InMemoryAuditLog extends AuditLog {
  readonly entries: AuditRecord[] = [];

  async record(_tx: TransactionContext, entry: AuditEntry): Promise<void> {
    assertValidAuditEntry(entry);
    this.entries.push({
      id: String(this.entries.length + 1),
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip ?? null,
      createdAt: new Date(),
    });
  }

  async list(query: AuditQuery): Promise<Page<AuditRecord>> {
    const items = [...this.entries].reverse().filter((e) => !query.action || e.action === query.action);
    const start = (query.page - 1) * query.limit;
    return { items: items.slice(start, start + query.limit), total: items.length, page: query.page, limit: query.limit };
  }
}
