import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, sqlArray, sqlJoin, type Sql, type SqlArray, type TransactionContext } from '@mirrorline/shared';
import { afterCommit, emOf } from '@mirrorline/shared/nest';
import { ledgerSetPostings, walletQueries } from '@mirrorline/wallet/sql';
import type { Quote } from '@mirrorline/market';
import { PriceWatchStore, type CloseOutOptions, type CloseOutResult, type CrossedTrade, type TrippedCopy } from '../../application/ports/price-watch-store';
import type { CopyCloseReason } from '../../domain/copy-math';
import {
  copyEndsSql,
  highWaterMarkAfterSql,
  positionPnlSql,
  profitShareFeeSql,
  sideSignSql,
  stopLossHitSql,
  takeProfitHitSql,
} from '../../domain/money-rules';
import { quotesRelation } from './sql-quotes';
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

/**
 * The given copies (one uuid[] parameter) as a relation to join their positions on: the planner probes the
 * positions' copy_id index once per copy, where `copy_id = ANY (…)` got a skip scan of the primary key
 * (trade_id, copy_id) four times slower (bench:guards).
 */
const byCopyIds = (ids: readonly string[]): Sql<never> => sql`unnest(${sqlArray(ids)}::uuid[]) AS s(copy_id)`;

/** The ledger description of a close-out's posting, by its reason (the posting's type). */
const CLOSE_OUT_DESCRIPTIONS: Record<CopyCloseReason, string> = {
  copy_stop_loss: 'Copies closed out at their stop loss on live equity',
  copy_take_profit: 'Copies closed out at their take profit on live equity',
  copy_stopped: 'Copy stopped by its owner: its open positions closed at the market',
  copier_closed: 'Copied position closed by its owner at the market',
};

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
    // copy let through is left alone by closeOut's exact re-check under the locks.
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
      // A few copies among many: probe their positions, copies and accounts by index (see closeOut).
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

  async closeOut(
    tx: TransactionContext,
    copies: readonly TrippedCopy[],
    quotes: readonly Quote[],
    marketAccount: string,
    options: CloseOutOptions = {},
  ): Promise<CloseOutResult> {
    const em = emOf(tx);
    const result: CloseOutResult = { copies: 0, positions: 0, ended: 0, pnl: 0n };
    if (!copies.length || !quotes.length) return result;
    const action = options.action;
    // A mass close-out (a crash of the market) may run past the request pool's statement_timeout, as a settlement may
    // (not an owner's action on one copy: that request keeps the pool's bound, product.md §11.5).
    // Its statements touch the rows of a few copies among many: with the default random_page_cost (4, a spinning
    // disk) the planner hashes whole tables instead of probing their indexes (bench:guards, 1 % tripping).
    await runSql(em, action ? sql`SET LOCAL random_page_cost = 1.1` : sql`SET LOCAL statement_timeout = '120s'; SET LOCAL random_page_cost = 1.1`);
    // Lock order as everywhere: trader rows (share: trade opens and closes of those traders wait, copies of
    // them do not), in id order, then the copy rows in id order, then the trades' rows, then the ledger accounts
    // (posting trigger). A copy's trader never changes, so the scan's trader ids are the ones to lock.
    const traderIds = [...new Set(copies.map((c) => c.traderId))].sort((a, b) => a - b);
    const traders = await runSql(
      em,
      sql<{ id: number; user_id: string; no_cash: boolean }>`SELECT tp.id, tp.user_id,
              NOT EXISTS (SELECT 1 FROM ${ledgerSetPostings.cashAccounts()} cash WHERE cash.owner_id = tp.user_id) AS no_cash
       FROM trader_profiles tp WHERE tp.id = ANY (${sqlArray(traderIds)}::int[]) ORDER BY tp.id FOR SHARE`,
    );
    const lockedTraders = new Set(traders.map((t) => Number(t.id)));
    // The copies, with whether their owner has a cash account (a funded copy's owner has one: the copy was funded
    // from it). Only those of a trader locked above go on (a trader whose profile is gone has nothing to lock).
    const locked = (
      await runSql(
        em,
        sql<{ id: string; trader_id: number; follower_id: string; no_cash: boolean }>`SELECT c.id, c.trader_id, c.follower_id, cash.id IS NULL AS no_cash
         FROM ${byCopyIds(copies.map((c) => c.copyId))} JOIN copies c ON c.id = s.copy_id
         -- LIMIT 1: one probe of the owner index per copy, where a join or EXISTS got a hash of every cash account
         LEFT JOIN LATERAL (SELECT cash.id FROM ${ledgerSetPostings.cashAccounts()} cash WHERE cash.owner_id = c.follower_id LIMIT 1) cash ON true
         ORDER BY c.id FOR UPDATE OF c`,
      )
    ).filter((c) => lockedTraders.has(Number(c.trader_id)));
    if (!locked.length) return result;
    // Cash accounts for what the statement below posts to, made when missing: the traders' (their profit share;
    // zero in practice, see below) and the owners' of the copies (the equity of a copy that ends).
    const noCash = [
      ...traders.filter((t) => t.no_cash).map((t) => t.user_id),
      ...locked.filter((c) => c.no_cash).map((c) => c.follower_id),
    ];
    if (noCash.length) await runSql(em, ledgerSetPostings.ensureCashAccounts(sql`SELECT unnest(${sqlArray(noCash)}::uuid[])`));
    const lockedCopies = byCopyIds(locked.map((c) => c.id));
    // One statement, set-based, whose snapshot is taken under the copies' locks:
    // - the re-check at the same quotes (a trade close that won the race settled its positions first, and
    //   WHERE NOT settled skips them; a copy already stopped is left alone): `cp`, the positions closed out, and
    //   `co`, per copy, its pnl, profit share (the copy's own share, product.md §10, exactly as a trader's close
    //   computes it on the equity after the pnl: zero in practice, as a copy at its stop loss is below what it
    //   invested, so below its high-water mark), whether it ends and the equity it leaves;
    // - the writes: positions and copies; the trades' copier totals (their rows locked in id order first: two
    //   close-outs side by side may share a trade when one trader holds most of the copies); the notices and
    //   live events, through the outbox (copy_guard_notices, delivered by SqlCopyNotices after the commit); and
    //   two transactions through the wallet's set-based postings (docs/ledger.md): the close-out (one entry per
    //   copy, pnl net of profit share; the market −Σ pnl; each trader's cash +Σ profit share) and the ended
    //   copies' equity → their owners' cash (copy_return). The posting trigger runs once for both at the end of
    //   the statement, so the market's account (which every close-out posts to) stays locked from there to the
    //   commit only, and a copy's equity account is locked and updated once. It returns one row per copy closed out.
    // One ledger transaction per reason the statement may close copies out for (its type), each balanced on its own.
    const reasons: readonly CopyCloseReason[] = action ? [action.reason] : ['copy_stop_loss', 'copy_take_profit'];
    const closeOutPostings = reasons.map((reason, i) =>
      ledgerSetPostings.ctes(`close_out_${i}`, {
        type: reason,
        // the close-out's business record: its outbox row, inserted by this same statement
        reference: sql`'copy_guard_notice:' || (SELECT id FROM notice)`,
        description: CLOSE_OUT_DESCRIPTIONS[reason],
        when: sql`EXISTS (SELECT 1 FROM co WHERE co.reason = ${reason} AND co.pnl <> co.fee)`,
        entries: sql`SELECT co.account_id, co.pnl - co.fee FROM co WHERE co.reason = ${reason}
                     UNION ALL SELECT ${marketAccount}::bigint, -(SELECT coalesce(sum(pnl), 0) FROM co WHERE co.reason = ${reason})::bigint
                     UNION ALL SELECT cash.id, sum(co.fee)::bigint FROM co JOIN trader_profiles tp ON tp.id = co.trader_id
                       JOIN ${ledgerSetPostings.cashAccounts()} cash ON cash.owner_id = tp.user_id WHERE co.reason = ${reason} GROUP BY cash.id`,
      }),
    );
    const returnPosting = ledgerSetPostings.ctes('returned', {
      type: 'copy_return',
      reference: sql`'copy_guard_notice:' || (SELECT id FROM notice)`,
      description: action ? CLOSE_OUT_DESCRIPTIONS[action.reason] : 'Copies ended by their stop loss or take profit on live equity',
      when: sql`EXISTS (SELECT 1 FROM co WHERE co.ends AND co.after > 0)`,
      entries: sql`SELECT co.account_id, -co.after FROM co WHERE co.ends AND co.after > 0
                   UNION ALL
                   SELECT cash.id, co.after FROM co JOIN ${ledgerSetPostings.cashAccounts()} cash ON cash.owner_id = co.follower_id
                   WHERE co.ends AND co.after > 0`,
    });
    // Why each copy is closed out: the guard its live equity reached (the watcher's re-check at the same quotes),
    // or its owner's action (every copy given, already checked to be the owner's).
    const reasonOf = action
      ? sql`${action.reason}::text`
      : sql`CASE WHEN ${stopLossHitSql(sql`a.balance + tot.pnl`, sql`c.invested`, sql`c.stop_loss_pct`)} THEN 'copy_stop_loss'
                 WHEN ${takeProfitHitSql(sql`a.balance + tot.pnl`, sql`c.invested`, sql`c.take_profit_pct`)} THEN 'copy_take_profit' END`;
    // copier_closed closes that one position; every other reason every open position of the copy (with a quote)
    const onlyPosition = action?.reason === 'copier_closed' ? sql`AND pos.position_id = ${action.positionId}::bigint` : sql``;
    const rows = await runSql(
      em,
      sql<{ pnl: string; n: string; ends: boolean; settled: string; stopped: string }>`
       WITH pos AS (
         -- driven by the few copies (copy_id index), not by every position of the marked trades; every open
         -- position of theirs, with its mark and pnl when its instrument has a quote (mark null when not)
         SELECT p.id AS position_id, p.trade_id, p.copy_id, p.follower_id, m.mark,
                CASE WHEN m.mark IS NOT NULL THEN ${positionPnlSql(sql`p.size`, sql`coalesce(p.fill_price, m.entry)`, sql`m.mark`, sql`m.sign`)} END AS pnl
         FROM ${lockedCopies} JOIN copy_positions p ON p.copy_id = s.copy_id
         JOIN (
           SELECT t.id, t.entry_price AS entry, ${sideSignSql(sql`t.side`)} AS sign,
                  CASE WHEN t.side = 'buy' THEN q.bid ELSE q.ask END AS mark
           FROM trader_trades t
           LEFT JOIN ${quotesRelation(quotes)} ON q.symbol = t.symbol
           WHERE t.status = 'open'
         ) m ON m.id = p.trade_id
         WHERE NOT p.settled
       ), tot AS (SELECT copy_id, sum(pnl) AS pnl, count(*) AS open_n FROM pos GROUP BY copy_id),
       judged AS (
         SELECT c.id AS copy_id, tot.open_n, c.trader_id, c.status, a.id AS account_id, a.balance AS equity, c.high_water_mark AS hwm, c.share_pct,
                ${reasonOf} AS reason
         FROM tot JOIN copies c ON c.id = tot.copy_id JOIN ${walletQueries.copyEquity()} a ON a.copy_id = c.id
         WHERE c.status <> 'stopped' ${action ? sql`` : sql`AND c.invested > 0`}
       ),
       hit AS (SELECT * FROM judged WHERE reason IS NOT NULL),
       -- the positions closed out: those with a quote (a copy's open positions without one stay open)
       cp AS (SELECT pos.*, hit.open_n, hit.status, hit.reason, hit.trader_id, hit.account_id, hit.equity, hit.hwm, hit.share_pct
              FROM pos JOIN hit USING (copy_id) WHERE pos.mark IS NOT NULL ${onlyPosition}),
       per_copy AS (
         -- ends when every open position of the copy is among those closed out, and the copy stops (a copier's
         -- close of one position ends a copy only when it was stopping already)
         SELECT copy_id, follower_id, trader_id, account_id, equity, hwm, share_pct, reason,
                sum(pnl)::bigint AS pnl, min(trade_id) AS first_trade, count(*) AS n,
                ${copyEndsSql(sql`status = 'stopping'`, sql`reason <> 'copier_closed'`, sql`count(*) < max(open_n)`)} AS ends
         FROM cp GROUP BY copy_id, follower_id, trader_id, account_id, equity, hwm, share_pct, reason, status
       ),
       fees AS (SELECT x.*, ${profitShareFeeSql(sql`x.equity + x.pnl`, sql`x.hwm`, sql`x.share_pct`)} AS fee FROM per_copy x),
       co AS MATERIALIZED (SELECT fees.*, fees.equity + fees.pnl - fees.fee AS after FROM fees),
       -- each position closed out, with its pnl and fee (a copy pays its profit share on the position of its first trade)
       closed AS MATERIALIZED (
         SELECT cp.trade_id, cp.copy_id, cp.pnl, cp.mark, co.reason, CASE WHEN cp.trade_id = co.first_trade THEN co.fee ELSE 0 END AS fee
         FROM cp JOIN co USING (copy_id)
       ),
       settled AS (
         UPDATE copy_positions p SET settled = true, pnl = closed.pnl, fee = closed.fee,
                settled_at = now(), exit_price = closed.mark, close_reason = closed.reason
         FROM closed
         WHERE p.trade_id = closed.trade_id AND p.copy_id = closed.copy_id AND NOT p.settled
         RETURNING 1
       ), stopped AS (
         UPDATE copies c SET
           high_water_mark = ${highWaterMarkAfterSql(sql`co.equity + co.pnl`, sql`c.high_water_mark`, sql`co.fee`)},
           status = CASE WHEN co.ends THEN 'stopped' WHEN co.reason = 'copier_closed' THEN c.status ELSE 'stopping' END,
           stop_reason = CASE co.reason WHEN 'copy_stop_loss' THEN 'stop_loss' WHEN 'copy_take_profit' THEN 'take_profit'
                                        WHEN 'copy_stopped' THEN 'user' ELSE c.stop_reason END,
           ended_at = CASE WHEN co.ends THEN now() ELSE c.ended_at END, updated_at = now()
         FROM co WHERE c.id = co.copy_id
         RETURNING 1
       ), trade_locks AS (
         SELECT t.id FROM trader_trades t WHERE t.id IN (SELECT trade_id FROM closed) ORDER BY t.id FOR NO KEY UPDATE
       ), booked AS (
         UPDATE trader_trades t SET copiers_pnl = t.copiers_pnl + s.pnl, copiers_fees = t.copiers_fees + s.fee
         FROM (SELECT closed.trade_id, sum(closed.pnl) AS pnl, sum(closed.fee) AS fee
               FROM closed JOIN trade_locks l ON l.id = closed.trade_id GROUP BY closed.trade_id) s
         WHERE t.id = s.trade_id
         RETURNING 1
       ), notice AS (
         INSERT INTO copy_guard_notices (follower_ids, copy_ids, trader_ids, pnls, returned, reasons)
         SELECT array_agg(follower_id ORDER BY follower_id, copy_id), array_agg(copy_id ORDER BY follower_id, copy_id), array_agg(trader_id ORDER BY follower_id, copy_id),
                array_agg(pnl ORDER BY follower_id, copy_id), array_agg(CASE WHEN ends THEN after END ORDER BY follower_id, copy_id),
                array_agg(reason ORDER BY follower_id, copy_id)
         FROM co HAVING count(*) > 0
         RETURNING id
       ), ${sqlJoin(closeOutPostings)}, ${returnPosting}
       SELECT co.pnl::text AS pnl, co.n::text AS n, co.ends,
              (SELECT count(*) FROM settled)::text AS settled, (SELECT count(*) FROM stopped)::text AS stopped
       FROM co`,
    );
    if (!rows.length) return result;
    result.copies = rows.length;
    result.positions = rows.reduce((n, r) => n + Number(r.n), 0);
    result.ended = rows.filter((r) => r.ends).length;
    result.pnl = rows.reduce((sum, r) => sum + BigInt(r.pnl), 0n);
    if (Number(rows[0].settled) !== result.positions || Number(rows[0].stopped) !== result.copies) {
      throw new Error('copy close-out: positions changed during settlement');
    }
    if (!options.holdNotices) afterCommit(tx, () => this.notices.kick());
    return result;
  }
}
