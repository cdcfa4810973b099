import { Injectable, Logger } from '@nestjs/common';
import { outsideRequest } from '@mirrorline/shared';
import type { Quote } from '../../domain/instrument';
import { QuoteListener } from '../ports/market-quotes';
import { MarketStore } from '../ports/market-store';

/** How long the copy may go without a read of the stored quotes (it catches a NOTIFY lost while reconnecting). */
export const LATEST_QUOTES_RELOAD_MS = 1_000;

/**
 * The latest quote of every instrument, in memory (MarketQuotes.lastQuotes): updated by every batch this
 * instance hears (its own feed's, and the others' through LISTEN/NOTIFY), and read again from the stored quotes
 * in the background when the last read is over a second old, so that a lost notification leaves it behind by about
 * a second. No caller waits for that read (a hot public page asks for it on every request), only the very first.
 * A new Map whenever a quote changes and the same one otherwise: callers keep what they computed from it until then.
 */
@Injectable()
export class LatestQuotes extends QuoteListener {
  private readonly logger = new Logger('LatestQuotes');
  private snapshot: ReadonlyMap<string, Quote> | null = null;
  private loadedAt = 0;
  private reloading: Promise<ReadonlyMap<string, Quote>> | null = null;
  private failing = false;
  /** batches heard so far, and the batch that last changed each symbol: a read never undoes a newer batch */
  private batches = 0;
  private readonly changedBy = new Map<string, number>();

  constructor(private readonly store: MarketStore) {
    super();
  }

  onQuotes(quotes: Quote[]): void {
    this.batches++;
    for (const quote of quotes) this.changedBy.set(quote.symbol, this.batches);
    if (!this.snapshot) return; // the first read loads them all
    const next = new Map(this.snapshot);
    for (const quote of quotes) next.set(quote.symbol, quote);
    this.snapshot = next;
  }

  async get(): Promise<ReadonlyMap<string, Quote>> {
    if (!this.snapshot) return this.reload();
    if (!this.reloading && Date.now() - this.loadedAt > LATEST_QUOTES_RELOAD_MS) {
      this.reload().then(
        () => (this.failing = false),
        (error: Error) => {
          // Once per outage (the next read is a second later): the copy in memory is served meanwhile.
          if (!this.failing) this.logger.warn(`reading the latest quotes failed, serving the copy in memory: ${error.message}`);
          this.failing = true;
        },
      );
    }
    return this.snapshot;
  }

  /** One read at a time (the first one shared by the callers that arrive meanwhile). */
  private reload(): Promise<ReadonlyMap<string, Quote>> {
    this.reloading ??= (async () => {
      const since = this.batches;
      // A read for every caller, not for the request that happens to start it: it takes a worker's connection
      // (outsideRequest). A request inside its transaction (an order's fill) must never need a second connection
      // from the requests' share of the pool, which a burst of requests may hold entirely.
      const stored = await outsideRequest(() => this.store.latestQuotes());
      const current = this.snapshot;
      const next = new Map<string, Quote>();
      for (const quote of stored) {
        // A batch heard while the read ran may be newer than the row it read: the batch's quote stays.
        const heard = current?.get(quote.symbol);
        next.set(quote.symbol, heard && (this.changedBy.get(quote.symbol) ?? 0) > since ? heard : quote);
      }
      for (const [symbol, heard] of current ?? []) if (!next.has(symbol) && (this.changedBy.get(symbol) ?? 0) > since) next.set(symbol, heard);
      if (!current || !sameQuotes(current, next)) this.snapshot = next;
      this.loadedAt = Date.now();
      return this.snapshot!;
    })().finally(() => (this.reloading = null));
    return this.reloading;
  }
}

function sameQuotes(a: ReadonlyMap<string, Quote>, b: ReadonlyMap<string, Quote>): boolean {
  if (a.size !== b.size) return false;
  for (const [symbol, q] of b) {
    const p = a.get(symbol);
    if (!p || p.bid !== q.bid || p.ask !== q.ask || new Date(p.time).getTime() !== new Date(q.time).getTime()) return false;
  }
  return true;
}
