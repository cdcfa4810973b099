import { FixedClock, type Clock } from '@mirrorline/shared';
import type { CandleInterval, Instrument, Quote } from '../domain/instrument';
import { marketErrors } from '../domain/market-errors';
import { isFillable, isFresh, type QuoteAgeLimits } from '../domain/quote-age';
import { isSessionOpen } from '../domain/session-calendar';
import { MarketQuotes, type Candle, type ExecutableQuote } from '../application/ports/market-quotes';

/** A few instruments for unit specs (one of each session). */
export const TEST_INSTRUMENTS: Instrument[] = [
  { symbol: 'BTCUSDT', market: 'Crypto', name: 'Bitcoin / Tether', priceDecimals: 2, session: 'crypto' },
  { symbol: 'EURUSD', market: 'Forex', name: 'Euro / US Dollar', priceDecimals: 5, session: 'forex' },
  { symbol: 'AAPL', market: 'Stocks', name: 'Apple Inc.', priceDecimals: 2, session: 'stocks' },
];

/**
 * MarketQuotes in memory for unit specs of other contexts: the same rules as the real one (unknown
 * symbol, session, staleness, fill age) over quotes the spec sets, on an injectable clock.
 */
export class InMemoryMarketQuotes extends MarketQuotes {
  private quotes = new Map<string, Quote>();
  private readonly candleRows = new Map<string, Candle[]>();

  constructor(
    readonly clock: Clock = new FixedClock(new Date('2026-01-05T15:00:00.000Z')),
    private readonly instruments: Instrument[] = TEST_INSTRUMENTS,
    private readonly limits: QuoteAgeLimits = { maxQuoteAgeMs: 10_000, maxFillAgeMs: 2_000 },
  ) {
    super();
  }

  setQuote(symbol: string, bid: string, ask: string, time: Date = this.clock.now()): void {
    this.instrument(symbol);
    // A new Map per change, as lastQuotes() promises.
    this.quotes = new Map(this.quotes).set(symbol, { symbol, bid, ask, time });
  }

  setCandles(symbol: string, candles: Candle[]): void {
    this.candleRows.set(symbol, candles);
  }

  instrument(symbol: string): Instrument {
    const found = this.instruments.find((i) => i.symbol === symbol);
    if (!found) throw marketErrors.unknownSymbol(symbol);
    return found;
  }

  async executableQuote(symbol: string): Promise<ExecutableQuote> {
    const instrument = this.instrument(symbol);
    const now = this.clock.now();
    if (!isSessionOpen(instrument.session, now)) throw marketErrors.closed(symbol);
    const quote = this.quotes.get(symbol);
    if (!quote || !isFillable(quote, now, this.limits)) throw marketErrors.noQuote(symbol);
    return { ...quote, instrument };
  }

  async freshQuotes(): Promise<Quote[]> {
    return this.openQuotes([...this.quotes.values()], isFresh);
  }

  async fillableQuotes(batch: readonly Quote[] = []): Promise<Quote[]> {
    const latest = new Map(this.quotes);
    for (const quote of batch) latest.set(quote.symbol, quote);
    return this.openQuotes([...latest.values()], isFillable);
  }

  async lastQuotes(): Promise<ReadonlyMap<string, Quote>> {
    return this.quotes;
  }

  private openQuotes(quotes: Quote[], young: typeof isFresh): Quote[] {
    const now = this.clock.now();
    return quotes.filter((q) => isSessionOpen(this.instrument(q.symbol).session, now) && young(q, now, this.limits));
  }

  async candles(symbol: string, _interval: CandleInterval, from: Date, to: Date): Promise<Candle[]> {
    this.instrument(symbol);
    return (this.candleRows.get(symbol) ?? []).filter((c) => c.time >= from && c.time < to);
  }
}
