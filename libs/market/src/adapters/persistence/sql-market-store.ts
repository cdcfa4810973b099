import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, runSqlAffected } from '@mirrorline/shared';
import type { Candle } from '../../application/ports/market-quotes';
import { MarketStore, type CandleRow } from '../../application/ports/market-store';
import type { CandleInterval, InstrumentSpec, Quote } from '../../domain/instrument';
import { marketQueries } from './market.queries';

@Injectable()
export class SqlMarketStore extends MarketStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private get db() {
    return this.em.getConnection();
  }

  async instruments(): Promise<InstrumentSpec[]> {
    const rows = await runSql(this.db, marketQueries.instruments());
    return rows.map((r) => ({
      symbol: r.symbol,
      market: r.market,
      name: r.name,
      priceDecimals: Number(r.price_decimals),
      session: r.session,
      volatility: Number(r.volatility),
      spread: Number(r.spread),
      spreadRelative: r.spread_relative,
      basePrice: Number(r.base_price),
    }));
  }

  async storeQuotes(quotes: readonly Quote[], options: { candles: boolean; notifyPayloads: readonly string[] }): Promise<void> {
    if (!quotes.length) return;
    await runSql(this.db, marketQueries.storeQuotes(quotes, options.notifyPayloads));
  }

  async foldIntoCandles(quotes: readonly Quote[]): Promise<void> {
    if (!quotes.length) return;
    await runSql(this.db, marketQueries.foldIntoCandles(quotes));
  }

  async insertCandles(rows: readonly CandleRow[]): Promise<void> {
    // A few chunks at once on pooled connections.
    const CHUNK = 12_000;
    const chunks: CandleRow[][] = [];
    for (let start = 0; start < rows.length; start += CHUNK) chunks.push(rows.slice(start, start + CHUNK));
    const insert = async (chunk: CandleRow[]) => {
      await runSql(this.db, marketQueries.insertCandles(chunk));
    };
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) await insert(chunks[next++]);
    };
    await Promise.all([worker(), worker(), worker()]);
  }

  async mergeCandles(rows: readonly CandleRow[], options: { replace1m?: boolean } = {}): Promise<void> {
    const CHUNK = 20_000;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const replace1m = options.replace1m ?? false;
      await runSql(this.db, marketQueries.mergeCandles(chunk, replace1m));
    }
  }

  async latestQuotes(symbols?: readonly string[]): Promise<Quote[]> {
    // On the connection of the transaction this async context runs in, if any (`em.execute` resolves it): a fill
    // or a money request reading quotes inside its transaction must not take a second pooled connection while it
    // holds one (under a burst, every request would hold one and wait for another). Read committed: the newest quote.
    const rows = await runSql(this.em, marketQueries.latestQuotes(symbols));
    return rows.map((r) => ({ symbol: r.symbol, bid: r.bid, ask: r.ask, time: new Date(r.time) }));
  }

  async dayOpens(at: Date): Promise<Map<string, string>> {
    const rows = await runSql(this.db, marketQueries.dayOpens(at));
    return new Map(rows.map((r) => [r.symbol, r.open]));
  }

  async candles(symbol: string, interval: CandleInterval, from: Date, to: Date, limit: number): Promise<Candle[]> {
    const rows = await runSql(this.db, marketQueries.candles(symbol, interval, from, to, limit));
    return rows.map((r) => ({ time: new Date(r.time), open: r.open, high: r.high, low: r.low, close: r.close }));
  }

  async sweepMinuteCandles(before: Date): Promise<number> {
    return runSqlAffected(this.db, marketQueries.sweepMinuteCandles(before));
  }
}
