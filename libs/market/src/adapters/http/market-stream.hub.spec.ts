import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MarketStreamHub, STREAM_MIN_INTERVAL_MS } from './market-stream.hub';

/** A response that keeps what is written to it (the hub's SSE connection writes frames to it). */
class RecordingResponse extends EventEmitter {
  readonly chunks: string[] = [];
  writableEnded = false;
  end(): void {
    this.writableEnded = true;
  }
  writeHead(): this {
    return this;
  }
  write(chunk: string | Buffer): boolean {
    this.chunks.push(chunk.toString());
    return true;
  }
  /** the quote events received so far, as { symbol, bid } */
  quotes(): Array<{ symbol: string; bid: string }> {
    return this.chunks
      .join('')
      .split('\n\n')
      .filter((frame) => frame.includes('event: quote'))
      .map((frame) => JSON.parse(frame.split('data: ')[1].split('\n')[0]) as { symbol: string; bid: string })
      .map(({ symbol, bid }) => ({ symbol, bid }));
  }
}

const quote = (symbol: string, bid: string) => ({ symbol, bid, ask: bid, time: new Date() });

/** The stream's rate rule on a fake clock (Jest's modern timers fake Date.now and setTimeout together). */
describe('MarketStreamHub: at most one quote event a symbol every 250 ms, the latest wins', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-05T15:00:00.000Z') }));
  afterEach(() => jest.useRealTimers());

  function open(hub: MarketStreamHub, symbols: string[]): RecordingResponse {
    const res = new RecordingResponse();
    hub.open(symbols, [], '127.0.0.1', new EventEmitter() as IncomingMessage, res as unknown as ServerResponse);
    return res;
  }

  it('sends the first quote at once, holds the rest of the interval and then sends only the latest', () => {
    const hub = new MarketStreamHub();
    const res = open(hub, ['SOLUSDT', 'BTCUSDT']);
    for (let i = 1; i <= 20; i++) hub.onQuotes([quote('SOLUSDT', `${100 + i}`)]);
    hub.onQuotes([quote('ETHUSDT', '3100')]); // not asked for
    expect(res.quotes()).toEqual([{ symbol: 'SOLUSDT', bid: '101' }]);
    jest.advanceTimersByTime(STREAM_MIN_INTERVAL_MS - 1);
    expect(res.quotes()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(res.quotes()).toEqual([
      { symbol: 'SOLUSDT', bid: '101' },
      { symbol: 'SOLUSDT', bid: '120' },
    ]);
  });

  it('over a second of quotes every 10 ms, a symbol gets at most 4 events (+ the first), each symbol on its own slot', () => {
    const hub = new MarketStreamHub();
    const res = open(hub, ['SOLUSDT', 'BTCUSDT']);
    for (let ms = 0; ms < 1000; ms += 10) {
      hub.onQuotes([quote('SOLUSDT', `${100 + ms}`), quote('BTCUSDT', `${50000 + ms}`)]);
      jest.advanceTimersByTime(10);
    }
    jest.advanceTimersByTime(STREAM_MIN_INTERVAL_MS);
    for (const symbol of ['SOLUSDT', 'BTCUSDT']) {
      const events = res.quotes().filter((q) => q.symbol === symbol);
      expect(events.length).toBeGreaterThanOrEqual(4);
      expect(events.length).toBeLessThanOrEqual(5);
      expect(events.at(-1)!.bid).toBe(symbol === 'SOLUSDT' ? '1090' : '50990'); // the latest always arrives
    }
  });

  it('a closed connection gets nothing more, and shutdown cancels what is held', () => {
    const hub = new MarketStreamHub();
    const res = open(hub, ['SOLUSDT']);
    hub.onQuotes([quote('SOLUSDT', '1')]);
    hub.onQuotes([quote('SOLUSDT', '2')]);
    res.emit('close');
    expect(hub.size).toBe(0);
    jest.advanceTimersByTime(STREAM_MIN_INTERVAL_MS);
    expect(res.quotes()).toEqual([{ symbol: 'SOLUSDT', bid: '1' }]);
    jest.advanceTimersByTime(STREAM_MIN_INTERVAL_MS); // the held '2' went to nobody; SOLUSDT's next slot is free
    const other = open(hub, ['SOLUSDT']);
    hub.onQuotes([quote('SOLUSDT', '3')]);
    hub.onQuotes([quote('SOLUSDT', '4')]); // held: SOLUSDT sent '3' less than 250 ms ago
    hub.beforeApplicationShutdown();
    jest.advanceTimersByTime(STREAM_MIN_INTERVAL_MS);
    expect(other.quotes()).toEqual([{ symbol: 'SOLUSDT', bid: '3' }]);
    expect(other.writableEnded).toBe(true);
  });
});
