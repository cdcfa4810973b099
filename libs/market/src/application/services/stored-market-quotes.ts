import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '@mirrorline/shared';
import type { CandleInterval, Instrument, InstrumentSpec, Quote } from '../../domain/instrument';
import { marketErrors } from '../../domain/market-errors';
import { isFillable, isFresh, type QuoteAgeLimits } from '../../domain/quote-age';
import { MarketQuotes, type Candle, type ExecutableQuote } from '../ports/market-quotes';
import { MarketStore } from '../ports/market-store';
import { InstrumentCatalogue } from './instrument-catalogue';
import { LatestQuotes } from './latest-quotes';

function instrumentOf(spec: InstrumentSpec): Instrument {
  return { symbol: spec.symbol, market: spec.market, name: spec.name, priceDecimals: spec.priceDecimals, session: spec.session };
}

/** MarketQuotes over the market's PostgreSQL tables: every instance answers from the same rows. */
@Injectable()
export class StoredMarketQuotes extends MarketQuotes {
  private readonly limits: QuoteAgeLimits;

  constructor(
    private readonly catalogue: InstrumentCatalogue,
    private readonly store: MarketStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly latest: LatestQuotes,
  ) {
    super();
    this.limits = { maxQuoteAgeMs: config.marketMaxQuoteAgeMs, maxFillAgeMs: config.marketMaxFillAgeMs };
  }

  private spec(symbol: string): InstrumentSpec {
    const spec = typeof symbol === 'string' ? this.catalogue.get(symbol) : undefined;
    if (!spec) throw marketErrors.unknownSymbol(String(symbol).slice(0, 32));
    return spec;
  }

  instrument(symbol: string): Instrument {
    return instrumentOf(this.spec(symbol));
  }

  /** Every instrument of the catalogue, in display order. */
  instruments(): Instrument[] {
    return this.catalogue.all().map(instrumentOf);
  }

  async executableQuote(symbol: string): Promise<ExecutableQuote> {
    await this.catalogue.load();
    const spec = this.spec(symbol);
    const now = this.clock.now();
    if (!this.catalogue.isOpen(spec, now)) throw marketErrors.closed(spec.symbol);
    const [quote] = await this.store.latestQuotes([spec.symbol]);
    if (!quote || !isFillable(quote, now, this.limits)) throw marketErrors.noQuote(spec.symbol);
    return { ...quote, instrument: instrumentOf(spec) };
  }

  async freshQuotes(): Promise<Quote[]> {
    return this.openQuotes(await this.store.latestQuotes(), isFresh);
  }

  async fillableQuotes(batch: readonly Quote[] = []): Promise<Quote[]> {
    const latest = new Map((await this.store.latestQuotes()).map((q) => [q.symbol, q]));
    for (const quote of batch) latest.set(quote.symbol, quote);
    return this.openQuotes([...latest.values()], isFillable);
  }

  lastQuotes(): Promise<ReadonlyMap<string, Quote>> {
    return this.latest.get();
  }

  /** The quotes of instruments in session now that pass `young` (fresh, or fillable). */
  private async openQuotes(quotes: readonly Quote[], young: typeof isFresh): Promise<Quote[]> {
    await this.catalogue.load();
    const now = this.clock.now();
    return quotes.filter((q) => {
      const spec = this.catalogue.get(q.symbol);
      return spec !== undefined && this.catalogue.isOpen(spec, now) && young(q, now, this.limits);
    });
  }

  async candles(symbol: string, interval: CandleInterval, from: Date, to: Date): Promise<Candle[]> {
    await this.catalogue.load();
    const spec = this.spec(symbol);
    return this.store.candles(spec.symbol, interval, from, to, 1_000_000);
  }
}
