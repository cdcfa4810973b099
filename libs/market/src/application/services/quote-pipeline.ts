import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { PgNotifications } from '@mirrorline/shared/nest';
import type { Quote } from '../../domain/instrument';
import { MarketStore } from '../ports/market-store';
import { InstrumentCatalogue } from './instrument-catalogue';
import { QuoteListeners } from './quote-listeners';

const DECIMAL = /^\d{1,16}(\.\d{1,12})?$/;
/** NOTIFY payloads must stay under 8,000 bytes: this many quotes a payload keeps far below. */
const QUOTES_PER_PAYLOAD = 40;
export const QUOTES_CHANNEL = 'market_quotes';

/**
 * The one path every feed's quotes take (the test feed's too): validate, store the latest quote and
 * NOTIFY every instance in the same statement, then call this instance's QuoteListeners (and fold the
 * quotes into the candles meanwhile) and wait for both. Other instances hear the NOTIFY and call theirs; an instance skips its own notifications
 * (it has already dispatched them), so each listener sees each batch once.
 */
@Injectable()
export class QuotePipeline implements OnModuleInit {
  private readonly logger = new Logger('QuotePipeline');
  readonly instanceId = randomUUID();

  constructor(
    private readonly store: MarketStore,
    private readonly catalogue: InstrumentCatalogue,
    private readonly listeners: QuoteListeners,
    private readonly notifications: PgNotifications,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.notifications.listen(QUOTES_CHANNEL, (payload) => this.onNotification(payload));
  }

  /** Throws on a quote that is not well formed (unknown symbol, not a positive decimal, bid above ask). */
  validate(quote: Quote): void {
    const spec = this.catalogue.get(quote.symbol);
    if (!spec) throw new Error(`unknown symbol ${quote.symbol}`);
    if (!DECIMAL.test(quote.bid) || !DECIMAL.test(quote.ask)) throw new Error(`${quote.symbol}: bid and ask must be positive decimals (got ${quote.bid} / ${quote.ask})`);
    const unit = 10 ** -spec.priceDecimals;
    if (Number(quote.bid) < unit / 2) throw new Error(`${quote.symbol}: bid ${quote.bid} rounds to zero`);
    if (Number(quote.bid) > Number(quote.ask)) throw new Error(`${quote.symbol}: bid ${quote.bid} is above ask ${quote.ask}`);
    if (!(quote.time instanceof Date) || Number.isNaN(quote.time.getTime())) throw new Error(`${quote.symbol}: bad quote time`);
  }

  /**
   * Stores the quotes (the last one wins per symbol), tells every instance, and resolves once every local
   * listener has handled them. Prices are stored rounded to the instrument's decimals, and listeners get
   * them as stored.
   */
  async publish(quotes: readonly Quote[], options: { candles: boolean }): Promise<Quote[]> {
    await this.catalogue.load();
    const latest = new Map<string, Quote>();
    for (const quote of quotes) {
      this.validate(quote);
      latest.set(quote.symbol, quote);
    }
    const batch = [...latest.values()].map((q) => this.rounded(q));
    if (!batch.length) return [];
    const payloads: string[] = [];
    for (let i = 0; i < batch.length; i += QUOTES_PER_PAYLOAD) {
      payloads.push(
        JSON.stringify({ i: this.instanceId, q: batch.slice(i, i + QUOTES_PER_PAYLOAD).map((q) => [q.symbol, q.bid, q.ask, q.time.getTime()]) }),
      );
    }
    await this.store.storeQuotes(batch, { notifyPayloads: payloads });
    // Listeners first (the quote is stored: executions and marks may use it), candles right after.
    await Promise.all([this.listeners.dispatch(batch), options.candles ? this.store.foldIntoCandles(batch) : undefined]);
    return batch;
  }

  /** Rounds half away from zero to the instrument's decimals, as the store does (exact, on the digits). */
  private rounded(quote: Quote): Quote {
    const decimals = this.catalogue.get(quote.symbol)!.priceDecimals;
    return { symbol: quote.symbol, bid: roundDecimal(quote.bid, decimals), ask: roundDecimal(quote.ask, decimals), time: quote.time };
  }

  private onNotification(payload: string): void {
    let message: { i?: string; q?: Array<[string, string, string, number]> };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      this.logger.warn('skipped a malformed market_quotes notification');
      return;
    }
    if (message.i === this.instanceId || !Array.isArray(message.q)) return;
    const quotes = message.q.map(([symbol, bid, ask, time]) => ({ symbol, bid, ask, time: new Date(time) }));
    void this.listeners.dispatch(quotes);
  }
}

/** `value` (a non-negative decimal string) rounded half up to `decimals` places, with exactly that many. */
export function roundDecimal(value: string, decimals: number): string {
  const [whole, fraction = ''] = value.split('.');
  const digits = BigInt(whole + fraction.padEnd(decimals + 1, '0').slice(0, decimals + 1));
  const rounded = (digits + 5n) / 10n;
  const text = rounded.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
