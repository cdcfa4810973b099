import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DatabaseNotifications, NotifiedCache } from '@mirrorline/shared';

/** A cached public page: its JSON body, and the ETag Express would give it. */
export interface PublicPage {
  json: string;
  etag?: string;
}

/**
 * Sends a cached page as res.json would (same Content-Type, same ETag from the app's 'etag fn', so a
 * matching If-None-Match still gets a 304), without serializing or hashing it again: the handler returns the
 * string this gives (Nest sends a string with res.send, which keeps the ETag set here).
 */
export function sendPublicPage(res: Response, page: PublicPage): string {
  const etagOf = res.req.app.get('etag fn') as ((body: string, encoding: string) => string | undefined) | undefined;
  if (etagOf) page.etag ??= etagOf(page.json, 'utf8');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (page.etag) res.setHeader('ETag', page.etag);
  return page.json;
}

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

  /**
   * `load()`'s result as the JSON body of a page, serialized once and shared by every request for `key` until
   * the next change (its ETag too, computed by the first request that sends it: sendPublicPage).
   */
  page(key: string, load: () => Promise<unknown>): Promise<PublicPage> {
    return this.cache.get(`page:${key}`, async () => ({ json: JSON.stringify(await load()) })) as Promise<PublicPage>;
  }

  /** `load()`'s result, shared by every request for `key` until the next change; errors are not cached. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }
}
