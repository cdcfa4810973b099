import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, sqlArray, type Sql, type SqlArray, type TransactionContext } from '@mirrorline/shared';
import { afterCommit, emOf } from '@mirrorline/shared/nest';
import { walletQueries } from '@mirrorline/wallet/sql';
import type { Quote } from '@mirrorline/market';
import {
  PriceWatchStore,
  type CloseOutAction,
  type CloseOutCopy,
  type CloseOutTrader,
  type ClosedOutCopies,
  type CrossedTrade,
  type TrippedCopy,
} from '../../application/ports/price-watch-store';
import { sideSignSql, stopLossHitSql, takeProfitHitSql } from '../../domain/money-rules';
import { quotesRelation } from './sql-quotes';
import { byCopyIds, closeOutQueries } from './close-out.queries';
import { SqlCopyNotices } from './sql-copy-notices';

/**
 * Open trades marked at the quotes: id, trader, sign (+1 buy, −1 sell), the trade's entry (a position's fill
 * when it has none of its own) and the mark as float8 (close side: bid for a buy, ask for a sell), for the copy
 * stop loss pre-filter. Uses the partial index on open trades by symbol.
 */
const markedTrades = (quotes: readonly Quote[]): Sql<never> => sql`
  SELECT t.id, t.trader_id, t.entry_price AS entry, ${sideSignSql(sql`t.side`)} AS sign,
         (CASE WHEN t.side = 'buy' THEN q.bid ELSE q.ask END)::float8 AS mark
  FROM ${quotesRelation(quotes)} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open'`;

/**
 * markedTrades as parameters (see trippedCopies), with `ratio` = mark / entry − 1 and k, the number of marked
 * trades of the same trader.
 */
const marks = ([id, entry, sign, mark, ratio, k]: readonly SqlArray[]): Sql<never> =>
  sql`unnest(${id}::bigint[], ${entry}::numeric[], ${sign}::int[], ${mark}::float8[], ${ratio}::float8[], ${k}::int[]) AS m(id, entry, sign, mark, ratio, k)`;

/**
 * A position's unrealized pnl in float8 (cents). Copies fill at the trader's fill, so the trade's ratio serves:
 * comparing two numerics is cheap, converting one to float8 is not (PostgreSQL goes through its text form).
 */
const UPNL = sql`p.size * CASE WHEN p.fill_price = m.entry THEN m.ratio ELSE m.mark / coalesce(p.fill_price, m.entry)::float8 - 1 END * m.sign`;

/** Copy rows as TrippedCopy, ordered by trader, then copy id. */
function byTrader(rows: ReadonlyArray<{ id: string; trader_id: number }>): TrippedCopy[] {
  return rows
    .map((r) => ({ copyId: r.id, traderId: Number(r.trader_id) }))
    .sort((a, b) => a.traderId - b.traderId || (a.copyId < b.copyId ? -1 : a.copyId > b.copyId ? 1 : 0));
}

@Injectable()
export class SqlPriceWatchStore extends PriceWatchStore {
  constructor(
    private readonly em: EntityManager,
    private readonly notices: SqlCopyNotices,
  ) {
    super();
  }

  async ratchetTrailingStops(quotes: readonly Quote[]): Promise<number> {
    if (!quotes.length) return 0;
    // The level in exact numeric, as trailingStopLevel computes it: floor(bid × (100 − pct) × 10⁶) / 10⁸ for a buy,
    // the ceil of ask × (100 + pct) for a sell. The rows are locked in id order (two instances ratchet side by side
    // without a deadlock); the UPDATE's own WHERE re-checks the tightening on the locked row.
    const level = sql`SELECT t.id, CASE WHEN t.side = 'buy' THEN floor(q.bid * (100 - t.trailing_stop_pct) * 1000000) / 100000000
                           ELSE ceil(q.ask * (100 + t.trailing_stop_pct) * 1000000) / 100000000 END AS stop
         FROM ${quotesRelation(quotes)} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open' AND t.trailing_stop_pct IS NOT NULL`;
    const tightens = (stop: Sql<never>) =>
      sql`(t.stop_loss IS NULL OR (t.side = 'buy' AND ${stop} > t.stop_loss) OR (t.side = 'sell' AND ${stop} < t.stop_loss))`;
    const connection = this.em.getConnection();
    // Looked at first, without a lock: an UPDATE of no row still fires trader_trades' statement trigger, whose NOTIFY
    // drops every cached public trader page (docs/performance.md) — on every cycle, though nothing moved.
    const [{ any }] = await runSql(
      connection,
      sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM (${level}) level JOIN trader_trades t ON t.id = level.id
                                          WHERE ${tightens(sql`level.stop`)}) AS any`,
    );
    if (!any) return 0;
    const rows = await runSql(
      connection,
      sql<{ id: string }>`WITH level AS (${level}), locked AS (
         SELECT t.id, level.stop FROM level JOIN trader_trades t ON t.id = level.id
         WHERE ${tightens(sql`level.stop`)}
         ORDER BY t.id FOR NO KEY UPDATE OF t
       )
       UPDATE trader_trades t SET stop_loss = locked.stop FROM locked
       WHERE t.id = locked.id AND t.status = 'open' AND ${tightens(sql`locked.stop`)}
       RETURNING t.id::text AS id`,
    );
    return rows.length;
  }

  async crossedTrades(quotes: readonly Quote[]): Promise<CrossedTrade[]> {
    if (!quotes.length) return [];
    const rows = await runSql(
      this.em.getConnection(),
      sql<{ id: string; trader_id: number; symbol: string; reason: CrossedTrade['reason'] }>`SELECT t.id::text AS id, t.trader_id, q.symbol,
              CASE WHEN (t.side = 'buy' AND q.bid <= t.stop_loss) OR (t.side = 'sell' AND q.ask >= t.stop_loss)
                   THEN 'stop_loss' ELSE 'take_profit' END AS reason
       FROM ${quotesRelation(quotes)} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open'
       WHERE (t.side = 'buy' AND (q.bid <= t.stop_loss OR q.bid >= t.take_profit))
          OR (t.side = 'sell' AND (q.ask >= t.stop_loss OR q.ask <= t.take_profit))
       ORDER BY t.id`,
    );
    const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
    return rows.map((r) => ({ tradeId: r.id, traderId: Number(r.trader_id), reason: r.reason, quote: bySymbol.get(r.symbol)! }));
  }

  async trippedCopies(quotes: readonly Quote[]): Promise<TrippedCopy[]> {
    if (!quotes.length) return [];
    // Every copy with open positions, set-based, no loop per copy (product.md §9.3), in two steps; the take profit
    // (§12.1) is the mirror test: a copy whose k positions sum to at least N has one position of at least N / k when
    // N ≥ 0 (and at least N when N < 0), with the same slack in the other direction.
    //
    // 1. One pass over the open positions of the marked trades, joined to their copies and copy-equity
    //    accounts (a raw scan's joins, all in parallel workers), with no aggregate per copy: a copy whose
    //    k positions sum to at most its loss budget D has one position at most D / k when D ≤ 0 (and at most D
    //    when D > 0). k is at most the number of its trader's marked trades (a copy holds one position per
    //    trade of its trader), so testing each position against D / (that number) never misses a copy.
    // 2. The copies it lets through (none in a quiet cycle) whose trader has more than one marked trade are summed
    //    as a whole, by their copy_id index. With one (k = 1) the copy has that one position, and step 1's test
    //    of it is already the test of the sum.
    //
    // float8 arithmetic instead of numeric div: each position's exact pnl is truncated toward zero, so the exact
    // sum is above the float one by less than one cent per position; one cent per position (and one more) of
    // slack keeps both steps from missing a copy that trips exactly (float8 errors are far smaller). A borderline
    // copy let through is left alone by the close-out's exact re-check under the locks.
    const marked = await runSql(
      this.em.getConnection(),
      sql<{ id: string; entry: string; sign: number; mark: number; ratio: number; k: number }>`SELECT m.id::text AS id, m.entry::text AS entry, m.sign, m.mark,
              m.mark / m.entry::float8 - 1 AS ratio, count(*) OVER (PARTITION BY m.trader_id)::int AS k
       FROM (${markedTrades(quotes)}) m`,
    );
    if (!marked.length) return [];
    const trades = [
      sqlArray(marked.map((m) => m.id)),
      sqlArray(marked.map((m) => m.entry)),
      sqlArray(marked.map((m) => m.sign)),
      sqlArray(marked.map((m) => String(m.mark))),
      sqlArray(marked.map((m) => String(m.ratio))),
      sqlArray(marked.map((m) => m.k)),
    ];
    return this.em.fork().transactional(async (em) => {
      // The planner keeps a once-a-second scan of 100,000 positions on one core with the default parallel costs.
      await runSql(em, sql`SET LOCAL work_mem = '64MB'; SET LOCAL parallel_setup_cost = 100; SET LOCAL parallel_tuple_cost = 0.01`);
      const candidates = await runSql(
        em,
        sql<{ id: string; trader_id: number; k: number }>`SELECT DISTINCT x.copy_id AS id, x.trader_id, x.k FROM (
           SELECT p.copy_id, c.trader_id, m.k, ${UPNL} AS upnl,
                  c.invested::float8 * c.stop_loss_pct::float8 / 100 - a.balance + 1 AS budget,
                  c.invested::float8 * (100 + c.take_profit_pct)::float8 / 100 - a.balance - 1 AS need
           FROM ${marks(trades)} JOIN copy_positions p ON p.trade_id = m.id
           JOIN copies c ON c.id = p.copy_id JOIN ${walletQueries.copyEquity()} a ON a.copy_id = c.id
           WHERE NOT p.settled AND c.status <> 'stopped' AND (c.stop_loss_pct IS NOT NULL OR c.take_profit_pct IS NOT NULL) AND c.invested > 0
         ) x
         WHERE x.upnl - 1 <= CASE WHEN x.budget <= 0 THEN x.budget / x.k ELSE x.budget END
            OR x.upnl + 1 >= CASE WHEN x.need >= 0 THEN x.need / x.k ELSE x.need END`,
      );
      const tripped = candidates.filter((c) => c.k === 1);
      const several = candidates.filter((c) => c.k > 1).map((c) => c.id);
      if (!several.length) return byTrader(tripped);
      // A few copies among many: probe their positions, copies and accounts by index (see closeOutQueries.settings).
      await runSql(em, sql`SET LOCAL random_page_cost = 1.1`);
      // the exact rules on the copy's live equity, with one cent per position (and one more) of slack for float8
      const rows = await runSql(
        em,
        sql<{ id: string; trader_id: number }>`SELECT c.id, c.trader_id FROM (
           SELECT p.copy_id, sum(${UPNL}) AS upnl, count(*) AS n
           FROM ${byCopyIds(several)} JOIN copy_positions p ON p.copy_id = s.copy_id JOIN ${marks(trades)} ON m.id = p.trade_id
           WHERE NOT p.settled GROUP BY p.copy_id
         ) u
         JOIN copies c ON c.id = u.copy_id JOIN ${walletQueries.copyEquity()} a ON a.copy_id = c.id
         WHERE c.status <> 'stopped' AND c.invested > 0
           AND (${stopLossHitSql(sql`a.balance + u.upnl - u.n - 1`, sql`c.invested`, sql`c.stop_loss_pct`)}
                OR ${takeProfitHitSql(sql`a.balance + u.upnl + u.n + 1`, sql`c.invested`, sql`c.take_profit_pct`)})`,
      );
      return byTrader([...tripped, ...rows]);
    });
  }

  deliverNotices(): void {
    this.notices.kick();
  }

  async closeOutSettings(tx: TransactionContext, ownerAction: boolean): Promise<void> {
    await runSql(emOf(tx), closeOutQueries.settings(ownerAction));
  }

  async lockTraders(tx: TransactionContext, traderIds: readonly number[]): Promise<CloseOutTrader[]> {
    const rows = await runSql(emOf(tx), closeOutQueries.lockTraders(traderIds));
    return rows.map((t) => ({ id: Number(t.id), userId: t.user_id, noCash: t.no_cash }));
  }

  async lockCopies(tx: TransactionContext, copyIds: readonly string[]): Promise<CloseOutCopy[]> {
    const rows = await runSql(emOf(tx), closeOutQueries.lockCopies(copyIds));
    return rows.map((c) => ({ copyId: c.id, traderId: Number(c.trader_id), followerId: c.follower_id, noCash: c.no_cash }));
  }

  async ensureCashAccounts(tx: TransactionContext, ownerIds: readonly string[]): Promise<void> {
    await runSql(emOf(tx), closeOutQueries.ensureCashAccounts(ownerIds));
  }

  async closeOutCopies(
    tx: TransactionContext,
    copyIds: readonly string[],
    quotes: readonly Quote[],
    marketAccount: string,
    action?: CloseOutAction,
  ): Promise<ClosedOutCopies> {
    const rows = await runSql(emOf(tx), closeOutQueries.closeOut(copyIds, quotes, marketAccount, action));
    return {
      copies: rows.map((r) => ({ pnl: BigInt(r.pnl), positions: Number(r.n), ends: r.ends })),
      settled: rows.length ? Number(rows[0].settled) : 0,
      stopped: rows.length ? Number(rows[0].stopped) : 0,
    };
  }

  deliverNoticesAfterCommit(tx: TransactionContext): void {
    afterCommit(tx, () => this.notices.kick());
  }
}
