import { sql, sqlArray, type Sql } from '@mirrorline/shared';

/** A closed trade written as seed data: prices and pnl as canonical decimal text; quote times only when known. */
export interface SeedClosedTrade {
  trader_id: number;
  market: string;
  symbol: string;
  side: string;
  entry: string;
  exit: string;
  allocation: number;
  pnl_pct: string;
  opened_at: string;
  closed_at: string;
  /** entry_quote_time / exit_quote_time, ISO text, or absent */
  et?: string;
  xt?: string;
}

/** A seeded closed trade put onto other prices (the demo history on the market's candles). */
export interface SeedTradeReprice {
  id: string;
  symbol: string;
  side: string;
  entry: string;
  exit: string;
  pnl_pct: string;
  et: Date;
  xt: Date;
  closed: Date;
}

/**
 * Set-based statements copy trading publishes (through `@mirrorline/copy-trading/sql`) for seed data, such as the
 * demo lib's sample traders (libs/demo): thousands of rows in one statement, which its use cases, made for one
 * trade at a time with its fan-out, would not write fast. Copy trading owns these tables (docs/table-ownership.json),
 * so the statements live here; the caller supplies the rows and owns its transaction.
 */
export const tradingSeedQueries = {
  /** Statement: a public trader profile with an explicit id (the seed's ids). */
  insertTraderProfile(profile: {
    id: number;
    userId: string;
    name: string;
    description: string;
    traderType: string;
    strategySummary: string;
    strategyExplanation: string;
    sharePct: number;
    maxCopiers: number;
  }): Sql<never> {
    return sql`INSERT INTO trader_profiles (id, user_id, name, description, trader_type, strategy_summary, strategy_explanation, image, share_pct, max_copiers)
               VALUES (${profile.id}, ${profile.userId}, ${profile.name}, ${profile.description}, ${profile.traderType}, ${profile.strategySummary},
                       ${profile.strategyExplanation}, ${null}, ${profile.sharePct}, ${profile.maxCopiers})`;
  },

  /** Statement: moves the profiles' id sequence past explicit ids, for the traders created later. */
  syncTraderProfileIds(): Sql<never> {
    return sql`SELECT setval(pg_get_serial_sequence('trader_profiles', 'id'), (SELECT max(id) FROM trader_profiles))`;
  },

  /** Statement: closed trades in one insert (pair = symbol, closed manually). */
  insertClosedTrades(rows: readonly SeedClosedTrade[]): Sql<never> {
    return sql`INSERT INTO trader_trades (trader_id, market, symbol, pair, side, entry_price, exit_price, allocation_pct, pnl_pct, status,
                                          close_reason, opened_at, closed_at, entry_quote_time, exit_quote_time)
               SELECT x.trader_id, x.market, x.symbol, x.symbol, x.side, x.entry::numeric, x.exit::numeric, x.allocation, x.pnl_pct::numeric,
                      'closed', 'manual', x.opened_at, x.closed_at, x.et, x.xt
               FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(trader_id int, market text, symbol text, side text, entry text, exit text,
                      pnl_pct text, allocation int, opened_at timestamptz, closed_at timestamptz, et timestamptz, xt timestamptz)`;
  },

  /**
   * Statement: the profiles among `(id, user_id)` pairs, locked FOR NO KEY UPDATE in id order: the trader row is the lock
   * that orders a trader's world (docs/copy-trading.md), so a close or a follow of one of them waits for the caller.
   */
  lockTraderProfiles(profiles: ReadonlyArray<{ id: number; userId: string }>): Sql<{ id: number }> {
    return sql`SELECT tp.id FROM trader_profiles tp
               JOIN jsonb_to_recordset(${JSON.stringify(profiles.map((p) => ({ id: p.id, user_id: p.userId })))}::jsonb) AS d(id int, user_id uuid)
                 ON d.id = tp.id AND d.user_id = tp.user_id
               ORDER BY tp.id FOR NO KEY UPDATE OF tp`;
  },

  /** Statement: which of these profile ids exist. */
  existingTraderIds(traderIds: readonly number[]): Sql<{ id: number }> {
    return sql`SELECT id FROM trader_profiles WHERE id = ANY (${sqlArray(traderIds)}::int[])`;
  },

  /** Statement: the traders' open trades, oldest first. */
  openTradesOf(traderIds: readonly number[]): Sql<{ id: string; trader_id: number; opened_at: Date }> {
    return sql`SELECT t.id::text AS id, t.trader_id, t.opened_at FROM trader_trades t
               WHERE t.trader_id = ANY (${sqlArray(traderIds)}::int[]) AND t.status = 'open' ORDER BY t.id`;
  },

  /**
   * Statement: moves the closed trades (and their copied positions) of the traders whose newest closed trade is
   * older than 25 hours forward by one interval per trader, putting the newest exactly one day back. One statement:
   * the shifts are computed once from the same snapshot for positions and trades.
   */
  shiftClosedTradesToYesterday(traderIds: readonly number[]): Sql<{ id: string }> {
    return sql`WITH shift AS (
         SELECT trader_id, (now() - interval '1 day') - max(closed_at) AS delta
         FROM trader_trades WHERE trader_id = ANY (${sqlArray(traderIds)}::int[]) AND status = 'closed'
         GROUP BY trader_id HAVING max(closed_at) < now() - interval '25 hours'
       ), positions AS (
         UPDATE copy_positions p SET opened_at = p.opened_at + s.delta, settled_at = p.settled_at + s.delta
         FROM trader_trades t JOIN shift s ON s.trader_id = t.trader_id
         WHERE p.trade_id = t.id AND t.status = 'closed'
       )
       UPDATE trader_trades t SET opened_at = t.opened_at + s.delta, closed_at = t.closed_at + s.delta
       FROM shift s WHERE t.trader_id = s.trader_id AND t.status = 'closed'
       RETURNING t.id`;
  },

  /** Statement: the traders' closed trades that no copy took and that have no quote times yet, oldest first. */
  uncopiedUnquotedClosedTrades(
    traderIds: readonly number[],
  ): Sql<{ id: string; trader_id: number; market: string; symbol: string; pnl_pct: string; opened_at: Date; closed_at: Date }> {
    return sql`SELECT id::text AS id, trader_id, market, symbol, pnl_pct::text AS pnl_pct, opened_at, closed_at FROM trader_trades
               WHERE trader_id = ANY (${sqlArray(traderIds)}::int[]) AND status = 'closed' AND copied_count = 0 AND entry_quote_time IS NULL ORDER BY id`;
  },

  /** Statement: closed trades put on other prices and quote times. */
  repriceClosedTrades(updates: readonly SeedTradeReprice[]): Sql<never> {
    return sql`UPDATE trader_trades t SET symbol = x.symbol, pair = x.symbol, side = x.side, entry_price = x.entry::numeric,
                      exit_price = x.exit::numeric, pnl_pct = x.pnl_pct::numeric, entry_quote_time = x.et, exit_quote_time = x.xt, closed_at = x.closed
               FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS x(id bigint, symbol text, side text, entry text, exit text, pnl_pct text,
                      et timestamptz, xt timestamptz, closed timestamptz)
               WHERE t.id = x.id`;
  },

  /** Statement: each trader's newest closed trade time. */
  newestClosedTrades(traderIds: readonly number[]): Sql<{ trader_id: number; newest: Date }> {
    return sql`SELECT trader_id, max(closed_at) AS newest FROM trader_trades
               WHERE trader_id = ANY (${sqlArray(traderIds)}::int[]) AND status = 'closed' GROUP BY trader_id`;
  },

  /** Statement: the traders a follower ever copied (stopped copies included). */
  tradersCopiedBy(followerId: string): Sql<{ trader_id: number }> {
    return sql`SELECT DISTINCT trader_id FROM copies WHERE follower_id = ${followerId}`;
  },
};
