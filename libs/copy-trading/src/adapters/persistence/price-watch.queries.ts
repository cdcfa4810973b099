import { sql, sqlArray, type CopiesTable, type Sql, type TraderTradesTable } from '@mirrorline/shared';
import { walletQueries } from '@mirrorline/wallet/sql';
import type { Quote } from '@mirrorline/market';
import type { CrossedTrade } from '../../application/ports/price-watch-store';
import { sideSignSql, stopLossHitSql, takeProfitHitSql } from '../../domain/money-rules';
import { byCopyIds } from './close-out.queries';
import { quotesRelation } from './quotes.queries';

/**
 * Open trades marked at the quotes: id, trader, sign (+1 buy, −1 sell), the trade's entry (a position's fill
 * when it has none of its own) and the mark as float8 (close side: bid for a buy, ask for a sell), for the copy
 * stop loss pre-filter. Uses the partial index on open trades by symbol.
 */
const markedTrades = (quotes: readonly Quote[]): Sql<never> => sql`
  SELECT t.id, t.trader_id, t.entry_price AS entry, ${sideSignSql(sql`t.side`)} AS sign,
         (CASE WHEN t.side = 'buy' THEN q.bid ELSE q.ask END)::float8 AS mark
  FROM ${quotesRelation(quotes)} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open'`;

/** A marked trade (priceWatchQueries.markedTrades), with `ratio` = mark / entry − 1 and k, the number of marked trades of its trader. */
export interface MarkedTradeRow {
  id: string;
  entry: string;
  sign: number;
  mark: number;
  ratio: number;
  k: number;
}

/** The marked trades as parameters (one array per column), for the scan's two statements. */
const marks = (marked: readonly MarkedTradeRow[]): Sql<never> =>
  sql`unnest(${sqlArray(marked.map((m) => m.id))}::bigint[], ${sqlArray(marked.map((m) => m.entry))}::numeric[], ${sqlArray(marked.map((m) => m.sign))}::int[],
             ${sqlArray(marked.map((m) => String(m.mark)))}::float8[], ${sqlArray(marked.map((m) => String(m.ratio)))}::float8[], ${sqlArray(marked.map((m) => m.k))}::int[])
      AS m(id, entry, sign, mark, ratio, k)`;

/**
 * A position's unrealized pnl in float8 (cents). Copies fill at the trader's fill, so the trade's ratio serves:
 * comparing two numerics is cheap, converting one to float8 is not (PostgreSQL goes through its text form).
 */
const UPNL = sql`p.size * CASE WHEN p.fill_price = m.entry THEN m.ratio ELSE m.mark / coalesce(p.fill_price, m.entry)::float8 - 1 END * m.sign`;

/**
 * The trailing stops' level at the quotes, in exact numeric, as trailingStopLevel computes it: floor(bid × (100 − pct)
 * × 10⁶) / 10⁸ for a buy, the ceil of ask × (100 + pct) for a sell.
 */
const trailingLevel = (quotes: readonly Quote[]): Sql<never> =>
  sql`SELECT t.id, CASE WHEN t.side = 'buy' THEN floor(q.bid * (100 - t.trailing_stop_pct) * 1000000) / 100000000
                           ELSE ceil(q.ask * (100 + t.trailing_stop_pct) * 1000000) / 100000000 END AS stop
         FROM ${quotesRelation(quotes)} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open' AND t.trailing_stop_pct IS NOT NULL`;

/** The level `stop` is tighter than the trade's stop loss (alias t): a stop never loosens. */
const tightens = (stop: Sql<never>): Sql<never> =>
  sql`(t.stop_loss IS NULL OR (t.side = 'buy' AND ${stop} > t.stop_loss) OR (t.side = 'sell' AND ${stop} < t.stop_loss))`;

/** A copy the scan found, with its trader (and the number of its trader's marked trades). */
export type ScannedCopyRow = Pick<CopiesTable, 'id' | 'trader_id'>;

/**
 * The price watcher's statements (SqlPriceWatchStore runs them; the close-out's are in close-out.queries.ts): trailing
 * stops, crossed levels and the copy guards' scan. Quotes come in as parameters, never from the market's tables.
 */
export const priceWatchQueries = {
  /**
   * Whether a trailing stop tightens at these quotes, without a lock: an UPDATE of no row still fires trader_trades'
   * statement trigger, whose NOTIFY drops every cached public trader page (docs/performance.md).
   */
  anyTrailingStopTightens(quotes: readonly Quote[]): Sql<{ any: boolean }> {
    return sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM (${trailingLevel(quotes)}) level JOIN trader_trades t ON t.id = level.id
                                          WHERE ${tightens(sql`level.stop`)}) AS any`;
  },

  /**
   * The trailing stops that tighten become the stop losses. The rows are locked in id order (two instances ratchet side
   * by side without a deadlock); the UPDATE's own WHERE re-checks the tightening on the locked row.
   */
  ratchetTrailingStops(quotes: readonly Quote[]): Sql<{ id: string }> {
    return sql<{ id: string }>`WITH level AS (${trailingLevel(quotes)}), locked AS (
         SELECT t.id, level.stop FROM level JOIN trader_trades t ON t.id = level.id
         WHERE ${tightens(sql`level.stop`)}
         ORDER BY t.id FOR NO KEY UPDATE OF t
       )
       UPDATE trader_trades t SET stop_loss = locked.stop FROM locked
       WHERE t.id = locked.id AND t.status = 'open' AND ${tightens(sql`locked.stop`)}
       RETURNING t.id::text AS id`;
  },

  /** Open trades whose stop loss or take profit the close side of a quote has reached, in id order. */
  crossedTrades(quotes: readonly Quote[]): Sql<Pick<TraderTradesTable, 'id' | 'trader_id' | 'symbol'> & { reason: CrossedTrade['reason'] }> {
    return sql<Pick<TraderTradesTable, 'id' | 'trader_id' | 'symbol'> & { reason: CrossedTrade['reason'] }>`SELECT t.id::text AS id, t.trader_id, q.symbol,
              CASE WHEN (t.side = 'buy' AND q.bid <= t.stop_loss) OR (t.side = 'sell' AND q.ask >= t.stop_loss)
                   THEN 'stop_loss' ELSE 'take_profit' END AS reason
       FROM ${quotesRelation(quotes)} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open'
       WHERE (t.side = 'buy' AND (q.bid <= t.stop_loss OR q.bid >= t.take_profit))
          OR (t.side = 'sell' AND (q.ask >= t.stop_loss OR q.ask <= t.take_profit))
       ORDER BY t.id`;
  },

  /** The open trades marked at the quotes, with their ratio and k (see MarkedTradeRow). */
  markedTrades(quotes: readonly Quote[]): Sql<MarkedTradeRow> {
    return sql<MarkedTradeRow>`SELECT m.id::text AS id, m.entry::text AS entry, m.sign, m.mark,
              m.mark / m.entry::float8 - 1 AS ratio, count(*) OVER (PARTITION BY m.trader_id)::int AS k
       FROM (${markedTrades(quotes)}) m`;
  },

  /** The planner keeps a once-a-second scan of 100,000 positions on one core with the default parallel costs. */
  scanSettings(): Sql<never> {
    return sql`SET LOCAL work_mem = '64MB'; SET LOCAL parallel_setup_cost = 100; SET LOCAL parallel_tuple_cost = 0.01`;
  },

  /** A few copies among many: their positions, copies and accounts probed by index, not hashed whole. */
  indexProbes(): Sql<never> {
    return sql`SET LOCAL random_page_cost = 1.1`;
  },

  /**
   * The scan's first step: one pass over the open positions of the marked trades, joined to their copies and
   * copy-equity accounts, with no aggregate per copy: each position tested against the copy's loss budget D / k (and
   * its take-profit need N / k), with one cent of slack (see SqlPriceWatchStore.trippedCopies).
   */
  candidateCopies(marked: readonly MarkedTradeRow[]): Sql<ScannedCopyRow & { k: number }> {
    return sql<ScannedCopyRow & { k: number }>`SELECT DISTINCT x.copy_id AS id, x.trader_id, x.k FROM (
           SELECT p.copy_id, c.trader_id, m.k, ${UPNL} AS upnl,
                  c.invested::float8 * c.stop_loss_pct::float8 / 100 - a.balance + 1 AS budget,
                  c.invested::float8 * (100 + c.take_profit_pct)::float8 / 100 - a.balance - 1 AS need
           FROM ${marks(marked)} JOIN copy_positions p ON p.trade_id = m.id
           JOIN copies c ON c.id = p.copy_id JOIN ${walletQueries.copyEquity()} a ON a.copy_id = c.id
           WHERE NOT p.settled AND c.status <> 'stopped' AND (c.stop_loss_pct IS NOT NULL OR c.take_profit_pct IS NOT NULL) AND c.invested > 0
         ) x
         WHERE x.upnl - 1 <= CASE WHEN x.budget <= 0 THEN x.budget / x.k ELSE x.budget END
            OR x.upnl + 1 >= CASE WHEN x.need >= 0 THEN x.need / x.k ELSE x.need END`;
  },

  /**
   * The scan's second step, for the candidates whose trader has several marked trades: the exact rules on the copy's
   * live equity, with one cent per position (and one more) of slack for float8.
   */
  trippedAmong(copyIds: readonly string[], marked: readonly MarkedTradeRow[]): Sql<ScannedCopyRow> {
    return sql<ScannedCopyRow>`SELECT c.id, c.trader_id FROM (
           SELECT p.copy_id, sum(${UPNL}) AS upnl, count(*) AS n
           FROM ${byCopyIds(copyIds)} JOIN copy_positions p ON p.copy_id = s.copy_id JOIN ${marks(marked)} ON m.id = p.trade_id
           WHERE NOT p.settled GROUP BY p.copy_id
         ) u
         JOIN copies c ON c.id = u.copy_id JOIN ${walletQueries.copyEquity()} a ON a.copy_id = c.id
         WHERE c.status <> 'stopped' AND c.invested > 0
           AND (${stopLossHitSql(sql`a.balance + u.upnl - u.n - 1`, sql`c.invested`, sql`c.stop_loss_pct`)}
                OR ${takeProfitHitSql(sql`a.balance + u.upnl + u.n + 1`, sql`c.invested`, sql`c.take_profit_pct`)})`;
  },
};
