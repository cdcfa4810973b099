import type { Role } from '@mirrorline/accounts';

/** Who performs an action and from where (for authorisation and the audit log). */
export interface Actor {
  userId: string;
  roles: Role[];
  /** the admin behind an impersonation token */
  impersonatedBy?: string;
  ip?: string | null;
  /** The caller's session: an impersonation token lives only as long as the admin's session. */
  sessionId?: string;
}

/**
 * Who the audit log names for an action: the admin behind an impersonation token, never the user
 * being impersonated (the token's subject did not act).
 */
export function auditActorId(actor: Actor): string {
  return actor.impersonatedBy ?? actor.userId;
}

/** An audit detail (`after`) with `impersonatedBy` added when the action came through an impersonation token. */
export function auditDetail<T extends Record<string, unknown>>(actor: Actor, detail: T): T & { impersonatedBy?: string } {
  return actor.impersonatedBy ? { ...detail, impersonatedBy: actor.impersonatedBy } : detail;
}
