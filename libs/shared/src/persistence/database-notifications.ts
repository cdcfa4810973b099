import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

const arrivals = new AsyncLocalStorage<number>();

/**
 * Runs `next` as a request that arrived now: the caches' syncs within it are satisfied by any round trip
 * that started after this moment (one per request, or one shared by many), not one each. The HTTP edge
 * calls it for every request (configure-app.ts).
 */
export function runAsRequest<T>(next: () => T): T {
  return arrivals.run(performance.now(), next);
}

/** When the current request arrived (performance.now()), or undefined outside one. */
export const requestArrival = (): number | undefined => arrivals.getStore();

/**
 * Runs `work` as if outside any request: what it asks of the pool comes from the connections kept for the
 * background workers (apps/api ConnectionGate), as health's own database ping does, so that a crowd of requests
 * holding every connection they may use never makes the process look dead.
 */
export function outsideRequest<T>(work: () => T): T {
  return arrivals.exit(work);
}

/**
 * Port: PostgreSQL LISTEN/NOTIFY, for caches that must drop an entry the moment a change commits, on
 * every API instance. `onNotify` gets each payload of the channel; `onReset` is called whenever
 * notifications may have been missed (the listening connection dropped), so the cache must forget
 * everything. While `listening` is false nothing may be cached: a missed NOTIFY would go unnoticed.
 */
export abstract class DatabaseNotifications {
  abstract subscribe(channel: string, handlers: { onNotify: (payload: string) => void; onReset: () => void }): void;
  abstract get listening(): boolean;
  /**
   * Resolves true once every NOTIFY committed before the call has been handed to its subscribers (false
   * when that cannot be known: not listening, connection lost). A NOTIFY reaches the listening connection
   * a moment after its commit; a cache that syncs before serving an entry never serves one that a change
   * committed before the request had already invalidated. Concurrent calls share one round trip.
   * `since` (a performance.now() time, e.g. requestArrival()): NOTIFYs committed before that moment only,
   * so a round trip that started after it (already answered) is enough.
   */
  abstract sync(since?: number): Promise<boolean>;
}

/** No database to listen to (unit tests, tools): never listening, so the caches never cache. */
export class NoDatabaseNotifications extends DatabaseNotifications {
  subscribe(): void {}
  get listening(): boolean {
    return false;
  }
  sync(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

/**
 * A small cache whose entries are dropped by a NOTIFY (see DatabaseNotifications), with a TTL as a
 * backstop. An entry is stored only if no invalidation arrived while it was being read (the epoch), and
 * only while notifications are being received: a read that raced a change can never be cached stale.
 * Before an entry is served, the notifications are synced (one shared round trip on the LISTEN
 * connection), so a change committed before the request arrived is never answered from memory.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  /** Loads under way, shared by the requests that arrive meanwhile (no stampede of identical queries). */
  private readonly loading = new Map<string, { epoch: number; promise: Promise<V> }>();
  private epoch = 0;

  constructor(
    private readonly notifications: DatabaseNotifications,
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      now?: () => number;
      /**
       * Past its TTL (never after an invalidation), an entry is still served while one request reloads it:
       * for values whose TTL only bounds time-dependent drift, so no request waits for the reload.
       */
      staleWhileReloading?: boolean;
    },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** The cached value, or `load()`'s (cached when nothing was invalidated meanwhile). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.notifications.listening && this.entries.has(key) && (await this.notifications.sync(requestArrival()))) {
      // Looked up after the sync: a NOTIFY that arrived meanwhile has dropped the entry.
      const hit = this.entries.get(key);
      if (hit && hit.expiresAt > this.now()) return hit.value;
      if (hit && this.options.staleWhileReloading) {
        if (!this.loading.has(key)) this.load(key, load).catch(() => undefined);
        return hit.value;
      }
    }
    return this.load(key, load);
  }

  private async load(key: string, load: () => Promise<V>): Promise<V> {
    const epoch = this.epoch;
    // Joined only if nothing was invalidated since it started: a load begun before a change never
    // answers a request that arrived after it.
    const pending = this.notifications.listening ? this.loading.get(key) : undefined;
    if (pending && pending.epoch === epoch) return pending.promise;
    const promise = load();
    if (!this.notifications.listening) return promise;
    this.loading.set(key, { epoch, promise });
    try {
      const value = await promise;
      if (this.notifications.listening && epoch === this.epoch) {
        if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
      }
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  delete(key: string): void {
    this.epoch++;
    this.entries.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
