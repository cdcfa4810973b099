import { sql, sqlArray, type Sql } from '@mirrorline/shared';
import type { Quote } from '@mirrorline/market';

/**
 * The quotes as a relation `q(symbol, bid, ask, time)` built from four bound arrays: the market's quotes enter copy
 * trading's SQL as parameters, never by reading the market's tables.
 */
export function quotesRelation(quotes: readonly Quote[]): Sql<never> {
  return sql`unnest(${sqlArray(quotes.map((q) => q.symbol))}::text[], ${sqlArray(quotes.map((q) => q.bid))}::numeric[],
                    ${sqlArray(quotes.map((q) => q.ask))}::numeric[], ${sqlArray(quotes.map((q) => new Date(q.time).toISOString()))}::timestamptz[])
             AS q(symbol, bid, ask, time)`;
}
