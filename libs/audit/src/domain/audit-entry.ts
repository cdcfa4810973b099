/** One admin action, as the append-only audit log keeps it (who, what, target, before/after, when, ip). */
export interface AuditEntry {
  /** The admin (or system, null) who acted. */
  actorId: string | null;
  /** Stable verb such as `user.block`, `user.balance_adjust`, `user.impersonate`. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

export interface AuditRecord extends Required<Omit<AuditEntry, 'before' | 'after'>> {
  id: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/** Refuses malformed entries early: an audit row is forever, so it should at least be readable. */
export function assertValidAuditEntry(entry: AuditEntry): void {
  if (!ACTION.test(entry.action) || entry.action.length > 64) throw new Error(`invalid audit action: ${entry.action}`);
  if (!entry.targetType || entry.targetType.length > 32) throw new Error('invalid audit target type');
}
