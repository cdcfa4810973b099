import type { Page, PageQuery, TransactionContext } from '@mirrorline/shared';
import type { AuditEntry, AuditRecord } from '../../domain/audit-entry';

export interface AuditQuery extends PageQuery {
  action?: string;
  actorId?: string;
  targetId?: string;
}

/**
 * Port over the append-only audit log. `record` writes inside the caller's transaction, so the
 * entry commits (or rolls back) together with the action it describes.
 */
export abstract class AuditLog {
  abstract record(tx: TransactionContext, entry: AuditEntry): Promise<void>;
  abstract list(query: AuditQuery): Promise<Page<AuditRecord>>;
}
