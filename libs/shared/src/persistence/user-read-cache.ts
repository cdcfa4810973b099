import { DatabaseNotifications, NotifiedCache } from './database-notifications';

/** Sent by the triggers of migration UserReadCaches with a user's id, or '*' for every user. */
export const USER_READS_CHANNEL = 'mirrorline_user_reads';
export const USER_READS_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

/**
 * Per-user read models of the hot authenticated reads (GET user/get, GET wallet), cached for a few seconds
 * and dropped the moment a change commits: the triggers of migration UserReadCaches NOTIFY the user's id on
 * a change of its row or its wallet requests, and '*' on any statement on balances, copies, positions,
 * trades and trader profiles (a settlement touches 100,000 accounts: one NOTIFY drops everything). Before
 * an entry is served the notifications are synced (NotifiedCache), so a request never reads a value a
 * change committed before it had invalidated. Values must be plain data that no caller mutates; anything
 * time- or price-dependent (unrealized pnl at the market) is computed per request, outside.
 */
export class UserReadCache {
  private readonly kinds = new Map<string, NotifiedCache<unknown>>();

  constructor(private readonly notifications: DatabaseNotifications) {
    notifications.subscribe(USER_READS_CHANNEL, {
      onNotify: (payload) => {
        for (const cache of this.kinds.values()) {
          if (payload === '*') cache.clear();
          else cache.delete(payload);
        }
      },
      onReset: () => {
        for (const cache of this.kinds.values()) cache.clear();
      },
    });
  }

  /** `kind`'s value for this user (keyed by the user's id as the triggers send it: lower-case UUID). */
  get<V>(kind: string, userId: string, load: () => Promise<V>): Promise<V> {
    let cache = this.kinds.get(kind);
    if (!cache) {
      // Past the TTL (a backstop: a change drops the entry at once, and nothing in these values moves with
      // time) the entry is served while one request reloads it, so no burst of requests waits on the reload.
      cache = new NotifiedCache<unknown>(this.notifications, { ttlMs: USER_READS_TTL_MS, maxEntries: MAX_ENTRIES, staleWhileReloading: true });
      this.kinds.set(kind, cache);
    }
    return cache.get(userId.toLowerCase(), load) as Promise<V>;
  }
}
