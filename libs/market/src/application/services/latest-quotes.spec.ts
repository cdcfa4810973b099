import { Logger } from '@nestjs/common';
import type { Quote } from '../../domain/instrument';
import type { MarketStore } from '../ports/market-store';
import { LATEST_QUOTES_RELOAD_MS, LatestQuotes } from './latest-quotes';

/** The stored quotes, and reads that can be held open to let a batch arrive in the middle of one. */
class StoredQuotes {
  rows: Quote[] = [];
  reads = 0;
  hold?: Promise<void>;
  async latestQuotes(): Promise<Quote[]> {
    this.reads++;
    const rows = [...this.rows];
    await this.hold;
    return rows;
  }
}

const quote = (symbol: string, bid: string, ms = 0): Quote => ({ symbol, bid, ask: bid, time: new Date(1_795_000_000_000 + ms) });
/** Lets a read started in the background finish (the store answers at once). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LatestQuotes (the statistics marks: every instrument\'s latest quote, in memory)', () => {
  let now = 1_000_000;
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  it('loads once, follows every batch heard, and keeps the same Map while nothing changes', async () => {
    const store = new StoredQuotes();
    store.rows = [quote('BTCUSDT', '100'), quote('AAPL', '190')];
    const latest = new LatestQuotes(store as unknown as MarketStore);
    const first = await latest.get();
    expect([...first.values()]).toEqual(store.rows);
    expect(await latest.get()).toBe(first);
    expect(store.reads).toBe(1);

    latest.onQuotes([quote('BTCUSDT', '101', 1000)]);
    const second = await latest.get();
    expect(second).not.toBe(first);
    expect(second.get('BTCUSDT')?.bid).toBe('101');
    expect(second.get('AAPL')?.bid).toBe('190');
    expect(store.reads).toBe(1);

    // Past a second it reads the stored quotes again, in the background: unchanged, the same Map.
    store.rows = [quote('BTCUSDT', '101', 1000), quote('AAPL', '190')];
    now += LATEST_QUOTES_RELOAD_MS + 1;
    expect(await latest.get()).toBe(second);
    await settle();
    expect(store.reads).toBe(2);
    expect(await latest.get()).toBe(second);
    expect(store.reads).toBe(2);
  });

  it('a notification it never heard is caught by the read a second later, which no caller waits for', async () => {
    const store = new StoredQuotes();
    store.rows = [quote('BTCUSDT', '100')];
    const latest = new LatestQuotes(store as unknown as MarketStore);
    await latest.get();
    store.rows = [quote('BTCUSDT', '105', 1000)]; // stored by another instance, its NOTIFY lost
    expect((await latest.get()).get('BTCUSDT')?.bid).toBe('100');
    now += LATEST_QUOTES_RELOAD_MS + 1;
    let release!: () => void;
    store.hold = new Promise((resolve) => (release = resolve));
    // The read runs (and is held): the callers get the copy meanwhile, and start no second read.
    expect((await latest.get()).get('BTCUSDT')?.bid).toBe('100');
    expect((await latest.get()).get('BTCUSDT')?.bid).toBe('100');
    expect(store.reads).toBe(2);
    release();
    await settle();
    expect((await latest.get()).get('BTCUSDT')?.bid).toBe('105');
  });

  it('a batch heard while a read runs is not undone by the older row that read returns', async () => {
    const store = new StoredQuotes();
    store.rows = [quote('BTCUSDT', '100'), quote('ETHUSDT', '10')];
    const latest = new LatestQuotes(store as unknown as MarketStore);
    await latest.get();
    now += LATEST_QUOTES_RELOAD_MS + 1;
    let release!: () => void;
    store.hold = new Promise((resolve) => (release = resolve));
    await latest.get(); // starts the read
    latest.onQuotes([quote('BTCUSDT', '99', 500), quote('SOLUSDT', '150', 500)]); // e.g. a test quote dated earlier
    release();
    await settle();
    const after = await latest.get();
    expect(after.get('BTCUSDT')?.bid).toBe('99');
    expect(after.get('SOLUSDT')?.bid).toBe('150');
    expect(after.get('ETHUSDT')?.bid).toBe('10');
  });

  it('when a read fails it serves the copy it has (and fails only before the first read)', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const store = new StoredQuotes();
    const latest = new LatestQuotes(store as unknown as MarketStore);
    store.latestQuotes = () => Promise.reject(new Error('database down'));
    await expect(latest.get()).rejects.toThrow('database down');
    store.latestQuotes = async () => [quote('BTCUSDT', '100')];
    const copy = await latest.get();
    store.latestQuotes = () => Promise.reject(new Error('database down'));
    for (let i = 0; i < 3; i++) {
      now += LATEST_QUOTES_RELOAD_MS + 1;
      expect(await latest.get()).toBe(copy);
      await settle();
    }
    expect(warn).toHaveBeenCalledTimes(1); // once per outage
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('database down'));
  });
});
