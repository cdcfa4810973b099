import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DatabaseNotifications, NotifiedCache, runSql } from '@mirrorline/shared';
import type { Role } from '@mirrorline/accounts';
import { authSessionsQueries } from './auth-sessions.queries';
import { userAccessQueries } from './user-access.queries';

/** The fields of `users` the access guard decides on; null when the user is blocked, deleted or unknown. */
export interface UserAccess {
  roles: Role[];
  /** users.tokens_valid_after in whole microseconds since the epoch (exact), or null. */
  tokensValidAfterUs: bigint | null;
  /** 2FA is on (user_mfa.enabled_at set). */
  mfaEnabled: boolean;
}

/** Sent by the `users` triggers (migration ThroughputCaches) with the user's id, or '*' for every user. */
export const USER_ACCESS_CHANNEL = 'mirrorline_user_access';
/** Sent by the `auth_sessions` triggers (migration AccessCacheSessions) with the session's id, or '*'. */
export const SESSIONS_CHANNEL = 'mirrorline_sessions';
export const USER_ACCESS_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

/**
 * The access guard's read of a user, cached per user for a few seconds and dropped the moment the row
 * changes: the `users` trigger NOTIFYs on a change of roles, block, deletion or tokens_valid_after (block,
 * role change, deletion, password change, revoke-all), on every instance through one LISTEN connection.
 * While that connection is down nothing is cached (each request reads the row, as before).
 *
 * Sessions have a cache of their own, on their own channel: a revoked session's entry is dropped by the
 * `auth_sessions` trigger, and 2FA changes (user_mfa) drop the user's entry.
 */
@Injectable()
export class UserAccessCache {
  private readonly users: NotifiedCache<UserAccess | null>;
  /** Whether a session (refresh-token family) is live, dropped by the revocation's NOTIFY. */
  private readonly sessions: NotifiedCache<boolean>;

  constructor(
    private readonly em: EntityManager,
    notifications: DatabaseNotifications,
  ) {
    this.users = new NotifiedCache(notifications, { ttlMs: USER_ACCESS_TTL_MS, maxEntries: MAX_ENTRIES });
    notifications.subscribe(USER_ACCESS_CHANNEL, { onNotify: (payload) => this.onUserChanged(payload), onReset: () => this.users.clear() });
    this.sessions = new NotifiedCache(notifications, { ttlMs: USER_ACCESS_TTL_MS, maxEntries: MAX_ENTRIES });
    notifications.subscribe(SESSIONS_CHANNEL, {
      onNotify: (payload) => (payload === '*' ? this.sessions.clear() : this.sessions.delete(payload)),
      onReset: () => this.sessions.clear(),
    });
  }

  /** `sessionId` must be a UUID (the caller checks). False once the session is revoked or gone. */
  sessionLive(sessionId: string): Promise<boolean> {
    return this.sessions.get(sessionId, async () => {
      const rows = await runSql(this.em.getConnection(), authSessionsQueries.live(sessionId));
      return rows.length > 0 && rows[0].live;
    });
  }

  /** `userId` must be a UUID (the caller checks). */
  access(userId: string): Promise<UserAccess | null> {
    return this.users.get(userId, () => this.read(userId));
  }

  /** Drops what is cached of this user ('*': of every user). */
  onUserChanged(userId: string): void {
    if (userId === '*') this.users.clear();
    else this.users.delete(userId);
  }

  private async read(userId: string): Promise<UserAccess | null> {
    const rows = await runSql(this.em.getConnection(), userAccessQueries.access(userId));
    if (!rows.length) return null;
    const row = rows[0];
    return { roles: row.roles, tokensValidAfterUs: row.valid_after_us === null ? null : BigInt(row.valid_after_us), mfaEnabled: row.mfa };
  }
}
