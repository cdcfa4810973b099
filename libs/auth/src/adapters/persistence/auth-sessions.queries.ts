import { sql, type AuthSessionsTable, type Sql } from '@mirrorline/shared';

export type SessionRow = Pick<AuthSessionsTable, 'id' | 'created_at' | 'last_used_at' | 'user_agent' | 'ip'>;

/**
 * The statements of `auth_sessions`, one row per refresh-token family (SqlAuthSessions, the refresh-token store's
 * revocations and UserAccessCache run them). `userAgent` and `ip` come clipped to their columns by the caller.
 */
export const authSessionsQueries = {
  /** Creates the session or marks it used now (its first IP kept when none is given). */
  touch(s: { id: string; userId: string; at: Date; userAgent: string | null; ip: string | null }): Sql<never> {
    return sql`INSERT INTO auth_sessions (id, user_id, created_at, last_used_at, user_agent, ip)
       VALUES (${s.id}, ${s.userId}, ${s.at}, ${s.at}, ${s.userAgent}, ${s.ip})
       ON CONFLICT (id) DO UPDATE SET last_used_at = excluded.last_used_at, ip = coalesce(excluded.ip, auth_sessions.ip)`;
  },

  /** The user's live sessions used after `since`, newest use first (at most 100). */
  listActive(userId: string, since: Date): Sql<SessionRow> {
    return sql<SessionRow>`SELECT id, created_at, last_used_at, user_agent, ip FROM auth_sessions
       WHERE user_id = ${userId} AND revoked_at IS NULL AND last_used_at > ${since} ORDER BY last_used_at DESC LIMIT 100`;
  },

  /** A row when the session is the user's and not revoked. */
  activeOfUser(userId: string, id: string): Sql<{ one: number }> {
    return sql<{ one: number }>`SELECT 1 AS one FROM auth_sessions WHERE id = ${id} AND user_id = ${userId} AND revoked_at IS NULL`;
  },

  /** Whether the user has any session, and one from this user agent. */
  deviceHistory(userId: string, userAgent: string | null): Sql<{ any: boolean; known: boolean }> {
    return sql<{ any: boolean; known: boolean }>`SELECT EXISTS (SELECT 1 FROM auth_sessions WHERE user_id = ${userId}) AS any,
       EXISTS (SELECT 1 FROM auth_sessions WHERE user_id = ${userId} AND user_agent IS NOT DISTINCT FROM ${userAgent}) AS known`;
  },

  /** Whether the session is live (no row: unknown). */
  live(id: string): Sql<{ live: boolean }> {
    return sql<{ live: boolean }>`SELECT revoked_at IS NULL AS live FROM auth_sessions WHERE id = ${id}`;
  },

  /** Revokes one session (a refresh-token family) unless it already is. */
  revoke(id: string, at: Date): Sql<never> {
    return sql`UPDATE auth_sessions SET revoked_at = ${at} WHERE id = ${id} AND revoked_at IS NULL`;
  },

  /** Revokes every live session of the user, but `keepId` when given. */
  revokeAllOfUser(userId: string, at: Date, keepId?: string): Sql<never> {
    return sql`UPDATE auth_sessions SET revoked_at = ${at} WHERE user_id = ${userId} AND revoked_at IS NULL${keepId ? sql` AND id <> ${keepId}` : sql``}`;
  },
};
