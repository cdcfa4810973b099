import { Injectable } from '@nestjs/common';
import { DatabaseNotifications, NotifiedCache } from '@mirrorline/shared';

/** Sent by the statement triggers on trader_trades, copies, trader_profiles and users (migration ThroughputCaches). */
export const TRADERS_CHANNEL = 'mirrorline_traders';
/** As long as clients may keep the page anyway (Cache-Control: max-age=5); bounds how late the 30-day and 10-day windows move. */
export const PUBLIC_TRADER_TTL_MS = 5_000;

/**
 * The public trader list and profiles (GET traders/, GET traders/:id), computed once and served from
 * memory until something they are made of changes: any statement on trader_trades (a trade opened or
 * closed, whoever runs it), copies (followed, funded, stopped, settled), trader_profiles, or a change of a
 * user's roles, block or deletion NOTIFYs `mirrorline_traders`, and every instance drops all entries. So the
 * statistics are exact right after a close; the TTL only bounds how long the time windows lag (past it,
 * the page is still served while one request recomputes it: no request waits on the periodic refresh).
 */
@Injectable()
export class PublicTraderCache {
  private readonly cache: NotifiedCache<unknown>;

  constructor(notifications: DatabaseNotifications) {
    this.cache = new NotifiedCache(notifications, { ttlMs: PUBLIC_TRADER_TTL_MS, maxEntries: 500, staleWhileReloading: true });
    notifications.subscribe(TRADERS_CHANNEL, { onNotify: () => this.cache.clear(), onReset: () => this.cache.clear() });
  }

  /** `load()`'s result, shared by every request for `key` until the next change; errors are not cached. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }
}
