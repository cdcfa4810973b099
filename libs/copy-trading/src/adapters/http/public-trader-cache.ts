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

/** Pages kept per key at most (list pages by sort, filter and page; profiles). */
const MAX_PAGES = 500;

/**
 * The public trader list and profiles (GET traders/, GET traders/:id) in two layers.
 *
 * The rows they are made of (`get`) are read once and served from memory until something they are made of
 * changes: any statement on trader_trades (a trade opened or closed, whoever runs it), copies (followed, funded,
 * stopped, settled), trader_profiles, or a change of a user's roles, block or deletion NOTIFYs
 * `mirrorline_traders`, and every instance drops all entries. So the statistics are exact right after a close;
 * the TTL only bounds how long the time windows lag (past it, the rows are still served while one request
 * reads them again: no request waits on the periodic refresh).
 *
 * The statistics move with the prices too (open trades at their marks), so a page (`composed`) is made from
 * the rows and the market's latest quotes, serialized once, and kept while both are the same objects: a change
 * drops the rows, a new quote makes a new marks Map, and the next request makes the page again — at most once
 * per key and tick, from memory, never from rows a change has dropped.
 */
@Injectable()
export class PublicTraderCache {
  private readonly cache: NotifiedCache<unknown>;
  private readonly pages = new Map<string, { parts: readonly unknown[]; page: PublicPage }>();

  constructor(notifications: DatabaseNotifications) {
    this.cache = new NotifiedCache(notifications, { ttlMs: PUBLIC_TRADER_TTL_MS, maxEntries: MAX_PAGES, staleWhileReloading: true });
    const clear = () => {
      this.cache.clear();
      this.pages.clear();
    };
    notifications.subscribe(TRADERS_CHANNEL, { onNotify: clear, onReset: clear });
  }

  /** `load()`'s result, shared by every request for `key` until the next change; errors are not cached. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }

  /**
   * The page of `key` that `make()` builds from `parts` (compared by identity: rows from `get`, the marks), as
   * its JSON body, serialized once and shared by every request until one of the parts is another object (its
   * ETag too, computed by the first request that sends it: sendPublicPage).
   */
  composed(key: string, parts: readonly unknown[], make: () => unknown): PublicPage {
    const kept = this.pages.get(key);
    if (kept && kept.parts.length === parts.length && kept.parts.every((part, i) => part === parts[i])) return kept.page;
    const page: PublicPage = { json: JSON.stringify(make()) };
    if (!kept && this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, { parts, page });
    return page;
  }
}
