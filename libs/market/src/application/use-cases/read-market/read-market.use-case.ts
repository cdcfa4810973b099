import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@mirrorline/shared';
import { CANDLE_INTERVALS, INTERVAL_MS, type CandleInterval, type InstrumentSpec, type MarketKind, type MarketSession, type Quote } from '../../../domain/instrument';
import { marketErrors } from '../../../domain/market-errors';
import { MarketStore } from '../../ports/market-store';
import type { Candle } from '../../ports/market-quotes';
import { InstrumentCatalogue } from '../../services/instrument-catalogue';

export const MAX_CANDLES = 1000;

export interface InstrumentView {
  symbol: string;
  market: MarketKind;
  name: string;
  priceDecimals: number;
  session: MarketSession;
  open: boolean;
  nextOpen: string | null;
  nextClose: string | null;
  quote: { bid: string; ask: string; time: string } | null;
  /** the open of the latest daily candle (today's, or the last trading day's) */
  dayOpen: string | null;
  /** (mid − dayOpen) / dayOpen in %, 2 decimals */
  changePct: string | null;
}

export interface CandleQuery {
  symbol: string;
  interval?: string;
  from?: string;
  to?: string;
  limit?: number;
}

function quoteView(quote: Quote) {
  return { bid: quote.bid, ask: quote.ask, time: quote.time.toISOString() };
}

/** The exact mid of a quote as a decimal string (one more decimal than the prices when odd). */
function changePct(quote: Quote, dayOpen: string): string {
  const mid = (Number(quote.bid) + Number(quote.ask)) / 2;
  const open = Number(dayOpen);
  return open > 0 ? (((mid - open) / open) * 100).toFixed(2) : '0.00';
}

/** Time of a query parameter: ISO 8601 or milliseconds since the epoch. */
function parseTime(name: string, raw: string | undefined): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const date = /^\d{1,15}$/.test(raw) ? new Date(Number(raw)) : /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 9999) throw new DomainError('MARKET.BAD_RANGE', `${name} must be an ISO 8601 time or milliseconds since the epoch (years 1970 to 9999)`, 'validation');
  return date;
}

/** The public market reads of product.md §9.4 (instruments, quotes, candles). */
@Injectable()
export class ReadMarketUseCase {
  constructor(
    private readonly catalogue: InstrumentCatalogue,
    private readonly store: MarketStore,
    private readonly clock: Clock,
  ) {}

  /** Validates a comma-separated symbol list (unknown → 400 MARKET.UNKNOWN_SYMBOL); empty → every symbol. */
  async symbols(list: string | undefined): Promise<string[]> {
    await this.catalogue.load();
    if (list === undefined || list.trim() === '') return this.catalogue.all().map((s) => s.symbol);
    const symbols = [...new Set(list.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))];
    if (symbols.length > 100) throw new DomainError('VALIDATION_FAILED', 'symbols: at most 100 symbols', 'validation');
    for (const symbol of symbols) if (!this.catalogue.get(symbol)) throw marketErrors.unknownSymbol(symbol.slice(0, 32));
    return symbols;
  }

  async instruments(): Promise<InstrumentView[]> {
    await this.catalogue.load();
    const now = this.clock.now();
    const [quotes, dayOpens] = await Promise.all([this.store.latestQuotes(), this.store.dayOpens(now)]);
    const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
    return this.catalogue.all().map((spec: InstrumentSpec) => {
      const session = this.catalogue.session(spec, now);
      const quote = bySymbol.get(spec.symbol);
      const dayOpen = dayOpens.get(spec.symbol) ?? null;
      return {
        symbol: spec.symbol,
        market: spec.market,
        name: spec.name,
        priceDecimals: spec.priceDecimals,
        session: spec.session,
        open: session.open,
        nextOpen: session.nextOpen?.toISOString() ?? null,
        nextClose: session.nextClose?.toISOString() ?? null,
        quote: quote ? quoteView(quote) : null,
        dayOpen,
        changePct: quote && dayOpen ? changePct(quote, dayOpen) : null,
      };
    });
  }

  async quotes(list: string | undefined): Promise<Array<{ symbol: string; bid: string; ask: string; time: string }>> {
    const symbols = await this.symbols(list);
    const quotes = await this.store.latestQuotes(symbols);
    return quotes.map((q) => ({ symbol: q.symbol, ...quoteView(q) }));
  }

  async latest(symbols: readonly string[]): Promise<Quote[]> {
    return this.store.latestQuotes(symbols);
  }

  /**
   * Candles of a symbol, oldest first: the latest `limit` (default 500, ≤ 1000) in [from, to). `to`
   * defaults to now, `from` to `limit` intervals before `to`. Unknown symbol → 404 (a read of a resource).
   */
  async candles(query: CandleQuery): Promise<{ symbol: string; interval: CandleInterval; candles: Array<Omit<Candle, 'time'> & { time: string }> }> {
    await this.catalogue.load();
    const spec = this.catalogue.get(String(query.symbol ?? '').toUpperCase());
    if (!spec) throw new DomainError('MARKET.UNKNOWN_SYMBOL', `Unknown symbol: ${String(query.symbol).slice(0, 32)}`, 'not_found');
    const interval = (query.interval ?? '1m') as CandleInterval;
    if (!CANDLE_INTERVALS.includes(interval)) {
      throw new DomainError('MARKET.BAD_INTERVAL', `interval must be one of ${CANDLE_INTERVALS.join(', ')}`, 'validation');
    }
    const limit = query.limit ?? 500;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CANDLES) {
      throw new DomainError('MARKET.BAD_LIMIT', `limit must be a whole number from 1 to ${MAX_CANDLES}`, 'validation');
    }
    const to = parseTime('to', query.to) ?? new Date(this.clock.now().getTime() + 1);
    const from = parseTime('from', query.from) ?? new Date(to.getTime() - limit * INTERVAL_MS[interval]);
    if (from.getTime() > to.getTime()) throw new DomainError('MARKET.BAD_RANGE', 'from must not be after to', 'validation');
    const candles = await this.store.candles(spec.symbol, interval, from, to, limit);
    return { symbol: spec.symbol, interval, candles: candles.map((c) => ({ ...c, time: c.time.toISOString() })) };
  }
}
