import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, sqlArray } from '@mirrorline/shared';
import type { Candle } from '../../application/ports/market-quotes';
import { MarketStore, type CandleRow } from '../../application/ports/market-store';
import type { CandleInterval, InstrumentSpec, MarketKind, MarketSession, Quote } from '../../domain/instrument';

/** A PostgreSQL array literal of simple values (numbers, symbols, ISO times: nothing that needs quoting). */
function arrayLiteral(values: ReadonlyArray<string | number>): string {
  return `{${values.join(',')}}`;
}

/** Candle buckets are UTC-aligned: date_bin from a midnight origin. */
const BUCKETS = `(VALUES ('1m', interval '1 minute'), ('5m', interval '5 minutes'), ('1h', interval '1 hour'), ('1d', interval '1 day')) AS iv(name, step)`;
const ORIGIN = `timestamptz '2000-01-01 00:00:00+00'`;

interface InstrumentRow {
  symbol: string;
  market: MarketKind;
  name: string;
  price_decimals: number;
  session: MarketSession;
  volatility: string;
  spread: string;
  spread_relative: boolean;
  base_price: string;
}

@Injectable()
export class SqlMarketStore extends MarketStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private get db() {
    return this.em.getConnection();
  }

  async instruments(): Promise<InstrumentSpec[]> {
    const rows = await this.db.execute<InstrumentRow[]>(
      `SELECT symbol, market, name, price_decimals, session, volatility::text, spread::text, spread_relative, base_price::text
       FROM market_instruments ORDER BY position, symbol`,
    );
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
    const params = [
      arrayLiteral(quotes.map((q) => q.symbol)),
      arrayLiteral(quotes.map((q) => q.bid)),
      arrayLiteral(quotes.map((q) => q.ask)),
      arrayLiteral(quotes.map((q) => q.time.toISOString())),
    ];
    // One statement: the quotes and the NOTIFY commit together (autocommit), so a listener that reads
    // after the notification sees the rows. Prices are rounded to the instrument's decimals.
    await this.db.execute(
      `WITH q AS (
         SELECT q.symbol, round(q.bid, i.price_decimals) AS bid, round(q.ask, i.price_decimals) AS ask, q.time
         FROM unnest(?::text[], ?::numeric[], ?::numeric[], ?::timestamptz[]) AS q(symbol, bid, ask, time)
         JOIN market_instruments i USING (symbol)
       ), stored AS (
         INSERT INTO market_quotes (symbol, bid, ask, time) SELECT symbol, bid, ask, time FROM q
         ON CONFLICT (symbol) DO UPDATE SET bid = excluded.bid, ask = excluded.ask, time = excluded.time
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM stored) AS quotes, (SELECT count(pg_notify('market_quotes', p)) FROM unnest(?::text[]) AS p) AS notified`,
      [...params, `{${options.notifyPayloads.map((p) => `"${p.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`],
    );
  }

  async foldIntoCandles(quotes: readonly Quote[]): Promise<void> {
    if (!quotes.length) return;
    // Each quote widens the candles of its time in every interval: high ≥ the ask, low ≤ the bid, close = the mid.
    await this.db.execute(
      `WITH q AS (
         SELECT q.symbol, round(q.bid, i.price_decimals) AS bid, round(q.ask, i.price_decimals) AS ask, q.time, i.price_decimals AS d
         FROM unnest(?::text[], ?::numeric[], ?::numeric[], ?::timestamptz[]) AS q(symbol, bid, ask, time)
         JOIN market_instruments i USING (symbol)
       )
       INSERT INTO market_candles (symbol, interval, time, open, high, low, close)
       SELECT q.symbol, iv.name, date_bin(iv.step, q.time, ${ORIGIN}), round((q.bid + q.ask) / 2, q.d), q.ask, q.bid, round((q.bid + q.ask) / 2, q.d)
       FROM q CROSS JOIN ${BUCKETS}
       ON CONFLICT (symbol, interval, time) DO UPDATE
         SET high = greatest(market_candles.high, excluded.high), low = least(market_candles.low, excluded.low), close = excluded.close`,
      [
        arrayLiteral(quotes.map((q) => q.symbol)),
        arrayLiteral(quotes.map((q) => q.bid)),
        arrayLiteral(quotes.map((q) => q.ask)),
        arrayLiteral(quotes.map((q) => q.time.toISOString())),
      ],
      'run',
    );
  }

  async insertCandles(rows: readonly CandleRow[]): Promise<void> {
    // A few chunks at once on pooled connections.
    const CHUNK = 12_000;
    const chunks: CandleRow[][] = [];
    for (let start = 0; start < rows.length; start += CHUNK) chunks.push(rows.slice(start, start + CHUNK));
    const insert = async (chunk: CandleRow[]) => {
      await this.db.execute(
        `INSERT INTO market_candles (symbol, interval, time, open, high, low, close)
         SELECT * FROM unnest(?::text[], ?::text[], ?::timestamptz[], ?::numeric[], ?::numeric[], ?::numeric[], ?::numeric[])
         ON CONFLICT (symbol, interval, time) DO NOTHING`,
        [
          arrayLiteral(chunk.map((r) => r.symbol)),
          arrayLiteral(chunk.map((r) => r.interval)),
          arrayLiteral(chunk.map((r) => r.time.toISOString())),
          arrayLiteral(chunk.map((r) => r.open)),
          arrayLiteral(chunk.map((r) => r.high)),
          arrayLiteral(chunk.map((r) => r.low)),
          arrayLiteral(chunk.map((r) => r.close)),
        ],
        'run',
      );
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
      await runSql(
        this.db,
        sql`INSERT INTO market_candles (symbol, interval, time, open, high, low, close)
            SELECT * FROM unnest(${sqlArray(chunk.map((r) => r.symbol))}::text[], ${sqlArray(chunk.map((r) => r.interval))}::text[],
                                 ${sqlArray(chunk.map((r) => r.time.toISOString()))}::timestamptz[], ${sqlArray(chunk.map((r) => r.open))}::numeric[],
                                 ${sqlArray(chunk.map((r) => r.high))}::numeric[], ${sqlArray(chunk.map((r) => r.low))}::numeric[],
                                 ${sqlArray(chunk.map((r) => r.close))}::numeric[])
            ON CONFLICT (symbol, interval, time) DO UPDATE SET
              open = CASE WHEN ${replace1m}::boolean AND market_candles.interval = '1m' THEN excluded.open ELSE market_candles.open END,
              high = CASE WHEN ${replace1m}::boolean AND market_candles.interval = '1m' THEN excluded.high ELSE greatest(market_candles.high, excluded.high) END,
              low = CASE WHEN ${replace1m}::boolean AND market_candles.interval = '1m' THEN excluded.low ELSE least(market_candles.low, excluded.low) END,
              close = excluded.close`,
      );
    }
  }

  async latestQuotes(symbols?: readonly string[]): Promise<Quote[]> {
    // On the connection of the transaction this async context runs in, if any (`em.execute` resolves it): a fill
    // or a money request reading quotes inside its transaction must not take a second pooled connection while it
    // holds one (under a burst, every request would hold one and wait for another). Read committed: the newest quote.
    const rows = await this.em.execute<Array<{ symbol: string; bid: string; ask: string; time: Date }>>(
      `SELECT q.symbol, round(q.bid, i.price_decimals)::text AS bid, round(q.ask, i.price_decimals)::text AS ask, q.time
       FROM market_quotes q JOIN market_instruments i USING (symbol)
       ${symbols ? 'WHERE q.symbol = ANY(?::text[])' : ''}
       ORDER BY i.position`,
      symbols ? [arrayLiteral(symbols)] : [],
    );
    return rows.map((r) => ({ symbol: r.symbol, bid: r.bid, ask: r.ask, time: new Date(r.time) }));
  }

  async dayOpens(at: Date): Promise<Map<string, string>> {
    const rows = await this.db.execute<Array<{ symbol: string; open: string }>>(
      `SELECT DISTINCT ON (c.symbol) c.symbol, round(c.open, i.price_decimals)::text AS open
       FROM market_candles c JOIN market_instruments i USING (symbol)
       WHERE c.interval = '1d' AND c.time <= ?::timestamptz
       ORDER BY c.symbol, c.time DESC`,
      [at.toISOString()],
    );
    return new Map(rows.map((r) => [r.symbol, r.open]));
  }

  async candles(symbol: string, interval: CandleInterval, from: Date, to: Date, limit: number): Promise<Candle[]> {
    // The latest `limit` candles of the range, answered oldest first.
    const rows = await this.db.execute<Array<{ time: Date; open: string; high: string; low: string; close: string }>>(
      `SELECT * FROM (
         SELECT c.time, round(c.open, i.price_decimals)::text AS open, round(c.high, i.price_decimals)::text AS high,
                round(c.low, i.price_decimals)::text AS low, round(c.close, i.price_decimals)::text AS close
         FROM market_candles c JOIN market_instruments i USING (symbol)
         WHERE c.symbol = ? AND c.interval = ? AND c.time >= ?::timestamptz AND c.time < ?::timestamptz
         ORDER BY c.time DESC LIMIT ?
       ) x ORDER BY time`,
      [symbol, interval, from.toISOString(), to.toISOString(), limit],
    );
    return rows.map((r) => ({ time: new Date(r.time), open: r.open, high: r.high, low: r.low, close: r.close }));
  }

  async sweepMinuteCandles(before: Date): Promise<number> {
    const result = await this.db.execute<{ affectedRows?: number }>(
      `DELETE FROM market_candles WHERE interval = '1m' AND time < ?::timestamptz`,
      [before.toISOString()],
      'run',
    );
    return Number((result as { affectedRows?: number }).affectedRows ?? 0);
  }
}
