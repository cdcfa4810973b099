import { Sql, sql, sqlArray } from '@mirrorline/shared';
import type { Quote } from '@mirrorline/market';
import { positionPnlSql } from '../../domain/money-rules';

/**
 * The quotes as a relation `q(symbol, bid, ask, time)` built from four bound arrays: the market's quotes enter copy
 * trading's SQL as parameters, never by reading the market's tables.
 */
export function quotesRelation(quotes: readonly Quote[]): Sql<never> {
  return sql`unnest(${sqlArray(quotes.map((q) => q.symbol))}::text[], ${sqlArray(quotes.map((q) => q.bid))}::numeric[],
                    ${sqlArray(quotes.map((q) => q.ask))}::numeric[], ${sqlArray(quotes.map((q) => new Date(q.time).toISOString()))}::timestamptz[])
             AS q(symbol, bid, ask, time)`;
}

/**
 * Unrealized (or settled) pnl of a position in cents at `mark`: money-rules' positionPnlSql over column
 * expressions given as text (for the read side's string queries).
 */
export const pnlAt = (size: string, fill: string, mark: string, sign: string): string => {
  const column = (text: string) => new Sql<never>(text, []);
  return positionPnlSql(column(size), column(fill), column(mark), column(sign)).text;
};

