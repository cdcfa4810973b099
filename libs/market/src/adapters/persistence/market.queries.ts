import { sql, sqlArray, type MarketInstrumentsTable, type Sql } from '@mirrorline/shared';
import type { CandleRow } from '../../application/ports/market-store';
import type { CandleInterval, MarketKind, MarketSession, Quote } from '../../domain/instrument';

export type InstrumentRow = Pick<MarketInstrumentsTable, 'symbol' | 'name' | 'price_decimals' | 'volatility' | 'spread' | 'spread_relative' | 'base_price'> & {
  market: MarketKind;
  session: MarketSession;
};

/** Candle buckets are UTC-aligned: date_bin from a midnight origin. */
const BUCKETS = sql`(VALUES ('1m', interval '1 minute'), ('5m', interval '5 minutes'), ('1h', interval '1 hour'), ('1d', interval '1 day')) AS iv(name, step)`;
const ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

/** The quotes as a relation q(symbol, bid, ask, time) rounded to each instrument's decimals, with d = its decimals. */
const roundedQuotes = (quotes: readonly Quote[]) =>
  sql`SELECT q.symbol, round(q.bid, i.price_decimals) AS bid, round(q.ask, i.price_decimals) AS ask, q.time, i.price_decimals AS d
        FROM unnest(${sqlArray(quotes.map((q) => q.symbol))}::text[], ${sqlArray(quotes.map((q) => q.bid))}::numeric[],
                    ${sqlArray(quotes.map((q) => q.ask))}::numeric[], ${sqlArray(quotes.map((q) => q.time.toISOString()))}::timestamptz[])
             AS q(symbol, bid, ask, time)
        JOIN market_instruments i USING (symbol)`;

/** The candle rows as one SELECT over unnest(…) (symbol, interval, time, open, high, low, close). */
const candleRows = (rows: readonly CandleRow[]) =>
  sql`SELECT * FROM unnest(${sqlArray(rows.map((r) => r.symbol))}::text[], ${sqlArray(rows.map((r) => r.interval))}::text[],
                           ${sqlArray(rows.map((r) => r.time.toISOString()))}::timestamptz[], ${sqlArray(rows.map((r) => r.open))}::numeric[],
                           ${sqlArray(rows.map((r) => r.high))}::numeric[], ${sqlArray(rows.map((r) => r.low))}::numeric[],
                           ${sqlArray(rows.map((r) => r.close))}::numeric[])`;

/**
 * Every statement of SqlMarketStore (market_instruments, market_quotes, market_candles), named: the adapter only
 * runs them, and `test/medium/named-queries.medium-spec.ts` plans each against a freshly migrated database.
 */
export const marketQueries = {
  instruments(): Sql<InstrumentRow> {
    return sql`SELECT symbol, market, name, price_decimals, session, volatility::text, spread::text, spread_relative, base_price::text
                 FROM market_instruments ORDER BY position, symbol`;
  },
  /**
   * One statement: the quotes and the NOTIFY commit together (autocommit), so a listener that reads
   * after the notification sees the rows. Prices are rounded to the instrument's decimals.
   */
  storeQuotes(quotes: readonly Quote[], notifyPayloads: readonly string[]): Sql<{ quotes: string; notified: string }> {
    return sql`WITH q AS (${roundedQuotes(quotes)}), stored AS (
                 INSERT INTO market_quotes (symbol, bid, ask, time) SELECT symbol, bid, ask, time FROM q
                 ON CONFLICT (symbol) DO UPDATE SET bid = excluded.bid, ask = excluded.ask, time = excluded.time
                 RETURNING 1
               )
               SELECT (SELECT count(*) FROM stored) AS quotes,
                      (SELECT count(pg_notify('market_quotes', p)) FROM unnest(${sqlArray(notifyPayloads)}::text[]) AS p) AS notified`;
  },
  /** Each quote widens the candles of its time in every interval: high ≥ the ask, low ≤ the bid, close = the mid. */
  foldIntoCandles(quotes: readonly Quote[]): Sql<never> {
    return sql`WITH q AS (${roundedQuotes(quotes)})
               INSERT INTO market_candles (symbol, interval, time, open, high, low, close)
               SELECT q.symbol, iv.name, date_bin(iv.step, q.time, ${ORIGIN}), round((q.bid + q.ask) / 2, q.d), q.ask, q.bid, round((q.bid + q.ask) / 2, q.d)
                 FROM q CROSS JOIN ${BUCKETS}
               ON CONFLICT (symbol, interval, time) DO UPDATE
                 SET high = greatest(market_candles.high, excluded.high), low = least(market_candles.low, excluded.low), close = excluded.close`;
  },
  insertCandles(rows: readonly CandleRow[]): Sql<never> {
    return sql`INSERT INTO market_candles (symbol, interval, time, open, high, low, close)
               ${candleRows(rows)}
               ON CONFLICT (symbol, interval, time) DO NOTHING`;
  },
  mergeCandles(rows: readonly CandleRow[], replace1m: boolean): Sql<never> {
    return sql`INSERT INTO market_candles (symbol, interval, time, open, high, low, close)
               ${candleRows(rows)}
               ON CONFLICT (symbol, interval, time) DO UPDATE SET
                 open = CASE WHEN ${replace1m}::boolean AND market_candles.interval = '1m' THEN excluded.open ELSE market_candles.open END,
                 high = CASE WHEN ${replace1m}::boolean AND market_candles.interval = '1m' THEN excluded.high ELSE greatest(market_candles.high, excluded.high) END,
                 low = CASE WHEN ${replace1m}::boolean AND market_candles.interval = '1m' THEN excluded.low ELSE least(market_candles.low, excluded.low) END,
                 close = excluded.close`;
  },
  latestQuotes(symbols: readonly string[] | undefined): Sql<{ symbol: string; bid: string; ask: string; time: Date }> {
    return sql`SELECT q.symbol, round(q.bid, i.price_decimals)::text AS bid, round(q.ask, i.price_decimals)::text AS ask, q.time
                 FROM market_quotes q JOIN market_instruments i USING (symbol)
                 ${symbols ? sql`WHERE q.symbol = ANY(${sqlArray(symbols)}::text[])` : sql``}
                ORDER BY i.position`;
  },
  dayOpens(at: Date): Sql<{ symbol: string; open: string }> {
    return sql`SELECT DISTINCT ON (c.symbol) c.symbol, round(c.open, i.price_decimals)::text AS open
                 FROM market_candles c JOIN market_instruments i USING (symbol)
                WHERE c.interval = '1d' AND c.time <= ${at.toISOString()}::timestamptz
                ORDER BY c.symbol, c.time DESC`;
  },
  /** The latest `limit` candles of the range, answered oldest first. */
  candles(symbol: string, interval: CandleInterval, from: Date, to: Date, limit: number): Sql<{ time: Date; open: string; high: string; low: string; close: string }> {
    return sql`SELECT * FROM (
                 SELECT c.time, round(c.open, i.price_decimals)::text AS open, round(c.high, i.price_decimals)::text AS high,
                        round(c.low, i.price_decimals)::text AS low, round(c.close, i.price_decimals)::text AS close
                   FROM market_candles c JOIN market_instruments i USING (symbol)
                  WHERE c.symbol = ${symbol} AND c.interval = ${interval} AND c.time >= ${from.toISOString()}::timestamptz AND c.time < ${to.toISOString()}::timestamptz
                  ORDER BY c.time DESC LIMIT ${limit}
               ) x ORDER BY time`;
  },
  /** The market feed's leadership: a session advisory lock (true: this session holds it now). */
  tryFeedLock(key: number): Sql<{ locked: boolean }> {
    return sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${key}) AS locked`;
  },
  /** Gives the feed's leadership up (the session's advisory lock). */
  feedUnlock(key: number): Sql<{ unlocked: boolean }> {
    return sql<{ unlocked: boolean }>`SELECT pg_advisory_unlock(${key}) AS unlocked`;
  },
  /** Every stored quote (the test feed's reset; candles stay). */
  clearQuotes(): Sql<never> {
    return sql`DELETE FROM market_quotes`;
  },
  sweepMinuteCandles(before: Date): Sql<never> {
    return sql`DELETE FROM market_candles WHERE interval = '1m' AND time < ${before.toISOString()}::timestamptz`;
  },
};
