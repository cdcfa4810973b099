import { DatabaseNotifications, NotifiedCache, outsideRequest, requestArrival, runAsRequest } from './database-notifications';

class FakeNotifications extends DatabaseNotifications {
  on = true;
  /** What arrives while the cache syncs (a NOTIFY that was on its way). */
  onSync: () => void = () => undefined;
  syncs = 0;
  sinces: Array<number | undefined> = [];
  subscribe(): void {}
  get listening(): boolean {
    return this.on;
  }
  async sync(since?: number): Promise<boolean> {
    this.syncs++;
    this.sinces.push(since);
    this.onSync();
    return this.on;
  }
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('NotifiedCache', () => {
  let now = 0;
  let notifications: FakeNotifications;
  let cache: NotifiedCache<string>;
  let loads = 0;
  const load = (value: string) => () => {
    loads++;
    return Promise.resolve(value);
  };
  beforeEach(() => {
    now = 1_000;
    loads = 0;
    notifications = new FakeNotifications();
    cache = new NotifiedCache(notifications, { ttlMs: 5_000, maxEntries: 3, now: () => now });
  });

  it('syncs for the notifications committed before the request arrived (runAsRequest), or before now outside a request', async () => {
    await cache.get('a', load('a1'));
    expect(await cache.get('a', load('a2'))).toBe('a1');
    expect(notifications.sinces).toEqual([undefined]);
    const arrival = await runAsRequest(async () => {
      expect(await cache.get('a', load('a3'))).toBe('a1');
      return requestArrival();
    });
    expect(typeof arrival).toBe('number');
    expect(notifications.sinces).toEqual([undefined, arrival]);
    expect(requestArrival()).toBeUndefined();
  });

  it('outsideRequest runs work as outside any request, inside one too', async () => {
    const [inside, outside] = await runAsRequest(async () => [requestArrival(), await outsideRequest(async () => requestArrival())]);
    expect(typeof inside).toBe('number');
    expect(outside).toBeUndefined();
  });

  it('serves a loaded value until it is deleted, cleared or expires', async () => {
    expect(await cache.get('a', load('a1'))).toBe('a1');
    expect(await cache.get('a', load('a2'))).toBe('a1');
    cache.delete('a');
    expect(await cache.get('a', load('a3'))).toBe('a3');
    cache.clear();
    expect(await cache.get('a', load('a4'))).toBe('a4');
    now += 5_001;
    expect(await cache.get('a', load('a5'))).toBe('a5');
    expect(loads).toBe(4);
  });

  it('does not store a value whose load raced an invalidation', async () => {
    const slow = deferred<string>();
    const pending = cache.get('a', () => slow.promise);
    cache.delete('a'); // the change committed while the old row was being read
    slow.resolve('stale');
    expect(await pending).toBe('stale');
    expect(await cache.get('a', load('fresh'))).toBe('fresh');
  });

  it('shares a load under way, but not with requests that came after an invalidation', async () => {
    const first = deferred<string>();
    let calls = 0;
    const a = cache.get('k', () => (calls++, first.promise));
    const b = cache.get('k', () => (calls++, Promise.resolve('other')));
    expect(calls).toBe(1);
    cache.clear();
    const c = cache.get('k', () => (calls++, Promise.resolve('after')));
    first.resolve('before');
    expect([await a, await b, await c]).toEqual(['before', 'before', 'after']);
    expect(calls).toBe(2);
  });

  it('caches nothing and serves nothing from memory while not listening', async () => {
    await cache.get('a', load('a1'));
    notifications.on = false;
    expect(await cache.get('a', load('a2'))).toBe('a2');
    expect(await cache.get('a', load('a3'))).toBe('a3');
    expect(cache.size).toBe(1); // the old entry is not served (onReset clears it in the real adapter)
  });

  it('does not cache failures', async () => {
    await expect(cache.get('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('a', load('ok'))).toBe('ok');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, load(key));
    expect(cache.size).toBe(3);
    loads = 0;
    await cache.get('a', load('a'));
    expect(loads).toBe(1);
  });

  it('with staleWhileReloading, serves an expired entry while one reload runs, but never after an invalidation', async () => {
    const swr = new NotifiedCache<string>(notifications, { ttlMs: 5_000, maxEntries: 3, now: () => now, staleWhileReloading: true });
    await swr.get('a', load('v1'));
    now += 5_001;
    const slow = deferred<string>();
    let calls = 0;
    expect(await swr.get('a', () => (calls++, slow.promise))).toBe('v1');
    expect(await swr.get('a', () => (calls++, Promise.resolve('x')))).toBe('v1');
    expect(calls).toBe(1);
    slow.resolve('v2');
    await slow.promise;
    await Promise.resolve();
    expect(await swr.get('a', load('v3'))).toBe('v2');
    swr.delete('a');
    expect(await swr.get('a', load('v4'))).toBe('v4');
  });

  it('syncs the notifications before serving an entry: a NOTIFY on its way drops it first', async () => {
    await cache.get('a', load('old'));
    notifications.onSync = () => cache.delete('a');
    expect(await cache.get('a', load('new'))).toBe('new');
    notifications.onSync = () => undefined;
    const syncs = notifications.syncs;
    expect(await cache.get('a', load('newer'))).toBe('new');
    expect(notifications.syncs).toBe(syncs + 1);
  });
});
