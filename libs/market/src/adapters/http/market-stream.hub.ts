import type { IncomingMessage, ServerResponse } from 'node:http';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { DomainError } from '@mirrorline/shared';
import { SseConnection, sseFrame } from '@mirrorline/shared/nest';
import { QuoteListener } from '../../application/ports/market-quotes';
import type { Quote } from '../../domain/instrument';

/** At most 4 quote events a second a symbol (product.md §9.4): one every 250 ms, the latest wins. */
export const STREAM_MIN_INTERVAL_MS = 250;

/** product.md §11.4: at most this many market/stream connections per client address (on each instance); beyond → 429. */
export const MARKET_STREAMS_PER_CLIENT = 50;

export const tooManyMarketStreams = () =>
  new DomainError('MARKET.TOO_MANY_STREAMS', `At most ${MARKET_STREAMS_PER_CLIENT} market streams per client address`, 'too_many_requests', {
    retryAfterSeconds: 5,
  });

export interface QuoteEvent {
  symbol: string;
  bid: string;
  ask: string;
  time: string;
}

export function quoteEvent(quote: Quote): QuoteEvent {
  return { symbol: quote.symbol, bid: quote.bid, ask: quote.ask, time: quote.time.toISOString() };
}

/**
 * The market/stream connections of this instance. It is a QuoteListener, so it hears every stored quote
 * on every instance (directly on the feed's instance, through LISTEN/NOTIFY on the others). Each quote is
 * formatted once per symbol and written to every connection that asked for the symbol; a symbol sends
 * at most one event per STREAM_MIN_INTERVAL_MS, the latest quote of the interval.
 */
@Injectable()
export class MarketStreamHub extends QuoteListener implements BeforeApplicationShutdown {
  private readonly bySymbol = new Map<string, Set<SseConnection>>();
  private readonly lastSent = new Map<string, number>();
  private readonly pending = new Map<string, { quote: Quote; timer: NodeJS.Timeout }>();
  private readonly all = new Set<SseConnection>();
  /** open connections per client address (req.ip, which honours TRUST_PROXY) */
  private readonly perClient = new Map<string, number>();
  /** connections grouped by the exact symbol list they asked for: a tick is one write per connection */
  private readonly groups = new Map<string, { symbols: ReadonlySet<string>; connections: Set<SseConnection> }>();

  get size(): number {
    return this.all.size;
  }

  /**
   * Opens a stream for `symbols` and sends their current quotes first (a reconnecting client is current at once);
   * 429 (MARKET.TOO_MANY_STREAMS) when `client` already holds MARKET_STREAMS_PER_CLIENT here.
   */
  open(symbols: readonly string[], snapshot: readonly Quote[], client: string, req: IncomingMessage, res: ServerResponse): SseConnection {
    const held = this.perClient.get(client) ?? 0;
    if (held >= MARKET_STREAMS_PER_CLIENT) throw tooManyMarketStreams();
    const connection = new SseConnection(req, res);
    this.perClient.set(client, held + 1);
    this.all.add(connection);
    const key = [...symbols].sort().join(',');
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { symbols: new Set(symbols), connections: new Set() }));
    group.connections.add(connection);
    for (const symbol of symbols) {
      let set = this.bySymbol.get(symbol);
      if (!set) this.bySymbol.set(symbol, (set = new Set()));
      set.add(connection);
    }
    connection.onClose(() => {
      this.all.delete(connection);
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
      const current = this.groups.get(key);
      current?.connections.delete(connection);
      if (current && !current.connections.size) this.groups.delete(key);
      for (const symbol of symbols) {
        const set = this.bySymbol.get(symbol);
        set?.delete(connection);
        if (set && !set.size) this.bySymbol.delete(symbol);
      }
    });
    for (const quote of snapshot) connection.write(this.frame(quote));
    return connection;
  }

  onQuotes(quotes: Quote[]): void {
    const now = Date.now();
    const due = new Map<string, string>();
    for (const quote of quotes) {
      if (!this.bySymbol.has(quote.symbol)) continue;
      const waiting = this.pending.get(quote.symbol);
      if (waiting) {
        waiting.quote = quote; // sent when its slot comes
        continue;
      }
      const wait = (this.lastSent.get(quote.symbol) ?? 0) + STREAM_MIN_INTERVAL_MS - now;
      if (wait <= 0) {
        this.lastSent.set(quote.symbol, now);
        due.set(quote.symbol, this.frame(quote));
      } else {
        const timer = setTimeout(() => {
          const entry = this.pending.get(quote.symbol);
          this.pending.delete(quote.symbol);
          if (entry) this.send(entry.quote, Date.now());
        }, wait);
        timer.unref();
        this.pending.set(quote.symbol, { quote, timer });
      }
    }
    if (due.size) this.writeBatch(due);
  }

  /** One write per connection for a whole tick: the frames of the symbols it asked for, concatenated once per group. */
  private writeBatch(frames: ReadonlyMap<string, string>): void {
    for (const group of this.groups.values()) {
      let chunk = '';
      for (const [symbol, frame] of frames) if (group.symbols.has(symbol)) chunk += frame;
      if (!chunk) continue;
      const bytes = Buffer.from(chunk, 'utf8');
      for (const connection of group.connections) connection.write(bytes);
    }
  }

  private send(quote: Quote, now: number): void {
    this.lastSent.set(quote.symbol, now);
    const set = this.bySymbol.get(quote.symbol);
    if (!set) return;
    const frame = this.frame(quote);
    for (const connection of set) connection.write(frame);
  }

  private frame(quote: Quote): string {
    return sseFrame('quote', quoteEvent(quote), `${quote.symbol}-${quote.time.getTime()}`);
  }

  beforeApplicationShutdown(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const connection of [...this.all]) connection.close();
  }
}
