import type { Role } from '../domain/user';

/** Who performs an action and from where (for authorisation and the audit log). */
export interface Actor {
  userId: string;
  roles: Role[];
  /** the admin behind an impersonation token */
  impersonatedBy?: string;
  ip?: string | null;
}
