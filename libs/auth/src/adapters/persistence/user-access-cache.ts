import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DatabaseNotifications, NotifiedCache } from '@mirrorline/shared';
import type { Role } from '@mirrorline/users';

/** The fields of `users` the access guard decides on; null when the user is blocked, deleted or unknown. */
export interface UserAccess {
  roles: Role[];
  /** users.tokens_valid_after in whole microseconds since the epoch (exact), or null. */
  tokensValidAfterUs: bigint | null;
}

/** Sent by the `users` triggers (migration ThroughputCaches) with the user's id, or '*' for every user. */
export const USER_ACCESS_CHANNEL = 'mirrorline_user_access';
export const USER_ACCESS_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

/**
 * The access guard's read of a user, cached per user for a few seconds and dropped the moment the row
 * changes: the `users` trigger NOTIFYs on a change of roles, block, deletion or tokens_valid_after (block,
 * role change, deletion, password change, revoke-all), on every instance through one LISTEN connection.
 * While that connection is down nothing is cached (each request reads the row, as before).
 *
 * Extending it (e.g. revoked sessions): keep one NotifiedCache per kind of fact, subscribe it to its own
 * channel in the constructor, and drop the entry named by the payload (see `onUserChanged`).
 */
@Injectable()
export class UserAccessCache {
  private readonly users: NotifiedCache<UserAccess | null>;

  constructor(
    private readonly em: EntityManager,
    notifications: DatabaseNotifications,
  ) {
    this.users = new NotifiedCache(notifications, { ttlMs: USER_ACCESS_TTL_MS, maxEntries: MAX_ENTRIES });
    notifications.subscribe(USER_ACCESS_CHANNEL, { onNotify: (payload) => this.onUserChanged(payload), onReset: () => this.users.clear() });
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
    const rows = await this.em.getConnection().execute<{ roles: Role[]; valid_after_us: string | null }[]>(
      `SELECT roles, (extract(epoch FROM tokens_valid_after) * 1000000)::bigint::text AS valid_after_us
       FROM users WHERE id = ? AND NOT blocked AND deleted_at IS NULL`,
      [userId],
    );
    if (!rows.length) return null;
    const row = rows[0];
    return { roles: row.roles, tokensValidAfterUs: row.valid_after_us === null ? null : BigInt(row.valid_after_us) };
  }
}
