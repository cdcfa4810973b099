import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, Sql, sql, sqlArray, sqlText, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { Notifications } from '@mirrorline/notifications';
import { ledgerSetPostings, walletQueries } from '@mirrorline/wallet';
import type { Quote } from '@mirrorline/market';
import type { TraderRef } from '../../application/ports/copy-repository';
import { PriceWatchStore, type CloseOutResult, type CrossedTrade, type TrippedCopy } from '../../application/ports/price-watch-store';
import { toTraderRef, TRADER_REF_COLUMNS } from './sql-copy-repository';
import { pgArray, pnlAt, QUOTES_RELATION, quoteParams } from './sql-quotes';
import { sqlAmount } from './sql-amount';

/**
 * Open trades marked at the quotes: id, trader, sign (+1 buy, −1 sell), the trade's entry (a position's fill
 * when it has none of its own) and the mark as float8 (close side: bid for a buy, ask for a sell), for the copy
 * stop loss pre-filter. Uses the partial index on open trades by symbol.
 */
const MARKED_TRADES = `
  SELECT t.id, t.trader_id, t.entry_price AS entry, CASE WHEN t.side = 'buy' THEN 1 ELSE -1 END AS sign,
         (CASE WHEN t.side = 'buy' THEN q.bid ELSE q.ask END)::float8 AS mark
  FROM ${QUOTES_RELATION} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open'`;

/**
 * MARKED_TRADES as parameters (see trippedCopies), with `ratio` = mark / entry − 1 and k, the number of marked
 * trades of the same trader.
 */
const MARKS = 'unnest(?::bigint[], ?::numeric[], ?::int[], ?::float8[], ?::float8[], ?::int[]) AS m(id, entry, sign, mark, ratio, k)';

/**
 * A position's unrealized pnl in float8 (cents). Copies fill at the trader's fill, so the trade's ratio serves:
 * comparing two numerics is cheap, converting one to float8 is not (PostgreSQL goes through its text form).
 */
const UPNL = `p.size * CASE WHEN p.fill_price = m.entry THEN m.ratio ELSE m.mark / coalesce(p.fill_price, m.entry)::float8 - 1 END * m.sign`;

/**
 * The given copies (one uuid[] parameter) as a relation to join their positions on: the planner probes the
 * positions' copy_id index once per copy, where `copy_id = ANY (…)` got a skip scan of the primary key
 * (trade_id, copy_id) four times slower (bench:guards).
 */
const BY_COPY_IDS = 'unnest(?::uuid[]) AS s(copy_id)';

/** The copies a close-out closed out, as parameters: follower, copy, trader, pnl, equity returned, ended. */
const CLOSED_OUT = `unnest(?::uuid[], ?::uuid[], ?::int[], ?::text[], ?::bigint[], ?::boolean[]) AS r(follower_id, copy_id, trader_id, pnl, after, ends)
  JOIN trader_profiles tp ON tp.id = r.trader_id`;

/** The wallet's relation of copy equity accounts (id, copy_id, owner_id, balance): the wallet owns ledger_accounts. */
const COPY_EQUITY = sqlText(walletQueries.copyEquity());

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
    private readonly notifications: Notifications,
  ) {
    super();
  }

  async crossedTrades(quotes: readonly Quote[]): Promise<CrossedTrade[]> {
    if (!quotes.length) return [];
    const rows = await this.em.getConnection().execute<{ id: string; trader_id: number; symbol: string; reason: CrossedTrade['reason'] }[]>(
      `SELECT t.id::text AS id, t.trader_id, q.symbol,
              CASE WHEN (t.side = 'buy' AND q.bid <= t.stop_loss) OR (t.side = 'sell' AND q.ask >= t.stop_loss)
                   THEN 'stop_loss' ELSE 'take_profit' END AS reason
       FROM ${QUOTES_RELATION} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open'
       WHERE (t.side = 'buy' AND (q.bid <= t.stop_loss OR q.bid >= t.take_profit))
          OR (t.side = 'sell' AND (q.ask >= t.stop_loss OR q.ask <= t.take_profit))
       ORDER BY t.id`,
      quoteParams(quotes),
    );
    const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
    return rows.map((r) => ({ tradeId: r.id, traderId: Number(r.trader_id), reason: r.reason, quote: bySymbol.get(r.symbol)! }));
  }

  async trippedCopies(quotes: readonly Quote[]): Promise<TrippedCopy[]> {
    if (!quotes.length) return [];
    // Every copy with open positions, set-based, no loop per copy (product.md §9.3), in two steps.
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
    const marked = await this.em.getConnection().execute<{ id: string; entry: string; sign: number; mark: number; ratio: number; k: number }[]>(
      `SELECT m.id::text AS id, m.entry::text AS entry, m.sign, m.mark, m.mark / m.entry::float8 - 1 AS ratio,
              count(*) OVER (PARTITION BY m.trader_id)::int AS k
       FROM (${MARKED_TRADES}) m`,
      quoteParams(quotes),
    );
    if (!marked.length) return [];
    const trades = [
      pgArray(marked.map((m) => m.id)),
      pgArray(marked.map((m) => m.entry)),
      pgArray(marked.map((m) => String(m.sign))),
      pgArray(marked.map((m) => String(m.mark))),
      pgArray(marked.map((m) => String(m.ratio))),
      pgArray(marked.map((m) => String(m.k))),
    ];
    return this.em.fork().transactional(async (em) => {
      // The planner keeps a once-a-second scan of 100,000 positions on one core with the default parallel costs.
      await em.execute("SET LOCAL work_mem = '64MB'; SET LOCAL parallel_setup_cost = 100; SET LOCAL parallel_tuple_cost = 0.01");
      const candidates = await em.execute<{ id: string; trader_id: number; k: number }[]>(
        `SELECT DISTINCT x.copy_id AS id, x.trader_id, x.k FROM (
           SELECT p.copy_id, c.trader_id, m.k,
                  ${UPNL} - 1 AS upnl,
                  c.invested::float8 * c.stop_loss_pct::float8 / 100 - a.balance + 1 AS budget
           FROM ${MARKS} JOIN copy_positions p ON p.trade_id = m.id
           JOIN copies c ON c.id = p.copy_id JOIN ${COPY_EQUITY} a ON a.copy_id = c.id
           WHERE NOT p.settled AND c.status <> 'stopped' AND c.stop_loss_pct IS NOT NULL AND c.invested > 0
         ) x
         WHERE x.upnl <= CASE WHEN x.budget <= 0 THEN x.budget / x.k ELSE x.budget END`,
        trades,
      );
      const tripped = candidates.filter((c) => c.k === 1);
      const several = candidates.filter((c) => c.k > 1).map((c) => c.id);
      if (!several.length) return byTrader(tripped);
      // A few copies among many: probe their positions, copies and accounts by index (see closeOut).
      await em.execute('SET LOCAL random_page_cost = 1.1');
      const rows = await em.execute<{ id: string; trader_id: number }[]>(
        `SELECT c.id, c.trader_id FROM (
           SELECT p.copy_id, sum(${UPNL}) AS upnl, count(*) AS n
           FROM ${BY_COPY_IDS} JOIN copy_positions p ON p.copy_id = s.copy_id JOIN ${MARKS} ON m.id = p.trade_id
           WHERE NOT p.settled GROUP BY p.copy_id
         ) u
         JOIN copies c ON c.id = u.copy_id JOIN ${COPY_EQUITY} a ON a.copy_id = c.id
         WHERE c.status <> 'stopped' AND c.stop_loss_pct IS NOT NULL AND c.invested > 0
           AND (a.balance + u.upnl - u.n - 1) * 100 <= c.invested * c.stop_loss_pct`,
        [pgArray(several), ...trades],
      );
      return byTrader([...tripped, ...rows]);
    });
  }

  async closeOut(tx: TransactionContext, copyIds: readonly string[], quotes: readonly Quote[], marketAccount: string): Promise<CloseOutResult> {
    const em = emOf(tx);
    const result: CloseOutResult = { copies: 0, positions: 0, ended: 0, pnl: 0n, followersByTrader: new Map() };
    if (!copyIds.length || !quotes.length) return result;
    // A mass close-out (a crash of the market) may run past the request pool's statement_timeout, as a settlement may.
    // Its statements touch the rows of a few copies among many: with the default random_page_cost (4, a spinning
    // disk) the planner hashes whole tables instead of probing their indexes (bench:guards, 1 % tripping).
    await em.execute("SET LOCAL statement_timeout = '120s'; SET LOCAL random_page_cost = 1.1");
    const ids = pgArray(copyIds);
    const byCopyIds = new Sql<never>(BY_COPY_IDS, [ids]);
    // Lock order as everywhere: trader rows (share: trade opens and closes of those traders wait, copies of
    // them do not), in id order, then the copy rows in id order, then the ledger accounts (posting trigger).
    const traders = (
      await em.execute<Parameters<typeof toTraderRef>[0][]>(
        `SELECT ${TRADER_REF_COLUMNS}
         FROM trader_profiles tp JOIN user_directory u ON u.id = tp.user_id
         WHERE tp.id IN (SELECT trader_id FROM copies WHERE id = ANY (?::uuid[])) ORDER BY tp.id FOR SHARE OF tp`,
        [ids],
      )
    ).map(toTraderRef);
    await em.execute(`SELECT c.id FROM ${BY_COPY_IDS} JOIN copies c ON c.id = s.copy_id ORDER BY c.id FOR UPDATE OF c`, [ids]);
    // Cash accounts for what the statement below posts to: the traders' (their profit share; zero in practice, see
    // below) and the owners' of copies that end (a funded copy's owner has one), made when missing.
    await runSql(
      em,
      ledgerSetPostings.ensureCashAccounts(
        sql`SELECT unnest(${sqlArray(traders.map((t) => t.userId))}::uuid[])
            UNION ALL
            SELECT c.follower_id FROM ${byCopyIds} JOIN copies c ON c.id = s.copy_id
            WHERE NOT EXISTS (SELECT 1 FROM ${ledgerSetPostings.cashAccounts()} cash WHERE cash.owner_id = c.follower_id)`,
      ),
    );
    // One statement, set-based, whose snapshot is taken under the locks:
    // - the re-check at the same quotes (a trade close that won the race settled its positions first, and
    //   WHERE NOT settled skips them; a copy already stopped is left alone): `cp`, the positions closed out, and
    //   `co`, per copy, its pnl, profit share (the copy's own share, product.md §10, exactly as a trader's close
    //   computes it on the equity after the pnl: zero in practice, as a copy at its stop loss is below what it
    //   invested, so below its high-water mark), whether it ends and the equity it leaves;
    // - the writes: positions and copies. It returns one row per copy closed out, for the notifications, the
    //   trades' totals and ledger postings below, and the result.
    const rows = await runSql(
      em,
      sql<{ copy_id: string; follower_id: string; trader_id: number; account_id: string; pnl: string; fee: string; n: string; ends: boolean; after: string; trades: string; settled: string; stopped: string }>`
       WITH pos AS (
         -- driven by the few copies (copy_id index), not by every position of the marked trades; every open
         -- position of theirs, with its mark and pnl when its instrument has a quote (mark null when not)
         SELECT p.trade_id, p.copy_id, p.follower_id, m.mark,
                CASE WHEN m.mark IS NOT NULL THEN ${new Sql(pnlAt('p.size', 'coalesce(p.fill_price, m.entry)', 'm.mark', 'm.sign'), [])} END AS pnl
         FROM ${byCopyIds} JOIN copy_positions p ON p.copy_id = s.copy_id
         JOIN (
           SELECT t.id, t.entry_price AS entry, CASE WHEN t.side = 'buy' THEN 1 ELSE -1 END AS sign,
                  CASE WHEN t.side = 'buy' THEN q.bid ELSE q.ask END AS mark
           FROM trader_trades t
           LEFT JOIN ${new Sql(QUOTES_RELATION, quoteParams(quotes))} ON q.symbol = t.symbol
           WHERE t.status = 'open'
         ) m ON m.id = p.trade_id
         WHERE NOT p.settled
       ), tot AS (SELECT copy_id, sum(pnl) AS pnl, count(*) FILTER (WHERE mark IS NULL) AS unquoted FROM pos GROUP BY copy_id),
       hit AS (
         SELECT c.id AS copy_id, tot.unquoted, c.trader_id, a.id AS account_id, a.balance AS equity, c.high_water_mark AS hwm, c.share_pct
         FROM tot JOIN copies c ON c.id = tot.copy_id JOIN ${walletQueries.copyEquity()} a ON a.copy_id = c.id
         WHERE c.status <> 'stopped' AND c.stop_loss_pct IS NOT NULL AND c.invested > 0
           AND (a.balance + tot.pnl) * 100 <= c.invested * c.stop_loss_pct
       ),
       -- the positions closed out: those with a quote (unquoted counts the copy's open positions left without one)
       cp AS (SELECT pos.*, hit.unquoted, hit.trader_id, hit.account_id, hit.equity, hit.hwm, hit.share_pct
              FROM pos JOIN hit USING (copy_id) WHERE pos.mark IS NOT NULL),
       per_copy AS (
         -- ends when every open position of the copy is among those closed out (none left without a quote)
         SELECT copy_id, follower_id, trader_id, account_id, equity, hwm, share_pct,
                sum(pnl)::bigint AS pnl, min(trade_id) AS first_trade, count(*) AS n, max(unquoted) = 0 AS ends,
                array_to_string(array_agg(trade_id), ',') AS trades
         FROM cp GROUP BY copy_id, follower_id, trader_id, account_id, equity, hwm, share_pct
       ),
       fees AS (SELECT x.*, CASE WHEN x.equity + x.pnl > x.hwm THEN (x.equity + x.pnl - x.hwm) * x.share_pct / 100 ELSE 0 END AS fee FROM per_copy x),
       co AS (SELECT fees.*, fees.equity + fees.pnl - fees.fee AS after FROM fees),
       settled AS (
         UPDATE copy_positions p SET settled = true, pnl = cp.pnl, fee = CASE WHEN cp.trade_id = co.first_trade THEN co.fee ELSE 0 END,
                settled_at = now(), exit_price = cp.mark, close_reason = 'copy_stop_loss'
         FROM cp JOIN co ON co.copy_id = cp.copy_id
         WHERE p.trade_id = cp.trade_id AND p.copy_id = cp.copy_id AND NOT p.settled
         RETURNING 1
       ), stopped AS (
         UPDATE copies c SET
           high_water_mark = CASE WHEN co.equity + co.pnl > c.high_water_mark THEN co.after ELSE c.high_water_mark END,
           status = CASE WHEN co.ends THEN 'stopped' ELSE 'stopping' END, stop_reason = 'stop_loss',
           ended_at = CASE WHEN co.ends THEN now() ELSE c.ended_at END, updated_at = now()
         FROM co WHERE c.id = co.copy_id
         RETURNING 1
       )
       SELECT co.copy_id::text AS copy_id, co.follower_id::text AS follower_id, co.trader_id, co.account_id::text AS account_id,
              co.pnl::text AS pnl, co.fee::text AS fee, co.n::text AS n,
              co.ends, co.after::text AS after, co.trades,
              (SELECT count(*) FROM settled)::text AS settled, (SELECT count(*) FROM stopped)::text AS stopped
       FROM co ORDER BY co.trader_id, co.copy_id`,
    );
    if (!rows.length) return result;
    result.copies = rows.length;
    result.positions = rows.reduce((n, r) => n + Number(r.n), 0);
    result.ended = rows.filter((r) => r.ends).length;
    result.pnl = rows.reduce((sum, r) => sum + BigInt(r.pnl), 0n);
    if (Number(rows[0].settled) !== result.positions || Number(rows[0].stopped) !== result.copies) {
      throw new Error('copy close-out: positions changed during settlement');
    }
    const byId = new Map(traders.map((t) => [t.id, t]));
    // CLOSED_OUT's parameters; the select below reads it twice.
    const closedOut = [
      pgArray(rows.map((r) => r.follower_id)),
      pgArray(rows.map((r) => r.copy_id)),
      pgArray(rows.map((r) => String(r.trader_id))),
      pgArray(rows.map((r) => r.pnl)),
      pgArray(rows.map((r) => r.after)),
      pgArray(rows.map((r) => String(r.ends))),
    ];
    await this.notifications.notifyFromSelect(
      tx,
      `SELECT r.follower_id, 'guard_hit', 'Copy stop loss reached: your copy of ' || tp.name || ' was closed out',
              'Your copy''s live equity fell to its stop loss: its open positions were closed at the market.',
              jsonb_build_object('copyId', r.copy_id, 'guard', 'copy_stop_loss', 'pnl', r.pnl, 'trader', tp.name)
       FROM ${CLOSED_OUT}
       UNION ALL
       SELECT r.follower_id, 'copy_ended', 'Your copy of ' || tp.name || ' has ended',
              ${sqlAmount('r.after')} || ' USD returned to your balance.', jsonb_build_object('copyId', r.copy_id, 'returned', r.after::text, 'trader', tp.name)
       FROM ${CLOSED_OUT} WHERE r.ends`,
      [...closedOut, ...closedOut],
    );
    // The ledger last, so that the market's account (which every close-out posts to) and the trades' rows stay locked
    // for the shortest time: two close-outs side by side (see PriceWatcher) wait on each other only here. Two transactions through the
    // wallet's set-based postings (docs/ledger.md), in one statement, from the copies closed out: the close-out (one
    // entry per copy, pnl net of profit share; the market −Σ pnl; each trader's cash +Σ profit share) and the ended
    // copies' equity → their owners' cash (copy_return). The posting trigger runs once for both, so a copy's equity
    // account is locked and updated once.
    const co = sql`(SELECT * FROM unnest(${sqlArray(rows.map((r) => r.account_id))}::bigint[], ${sqlArray(rows.map((r) => r.follower_id))}::uuid[],
                     ${sqlArray(rows.map((r) => r.trader_id))}::int[], ${sqlArray(rows.map((r) => r.pnl))}::bigint[], ${sqlArray(rows.map((r) => r.fee))}::bigint[],
                     ${sqlArray(rows.map((r) => r.after))}::bigint[], ${sqlArray(rows.map((r) => String(r.ends)))}::boolean[])
                   AS x(account_id, follower_id, trader_id, pnl, fee, after, ends))`;
    const closeOut = ledgerSetPostings.ctes('close_out', {
      type: 'copy_stop_loss',
      reference: 'copy_stop_loss',
      description: 'Copies closed out at their stop loss on live equity',
      when: sql`EXISTS (SELECT 1 FROM co WHERE co.pnl <> co.fee)`,
      entries: sql`SELECT co.account_id, co.pnl - co.fee FROM co
                   UNION ALL SELECT ${marketAccount}::bigint, -(SELECT coalesce(sum(pnl), 0) FROM co)::bigint
                   UNION ALL SELECT cash.id, sum(co.fee)::bigint FROM co JOIN trader_profiles tp ON tp.id = co.trader_id
                     JOIN ${ledgerSetPostings.cashAccounts()} cash ON cash.owner_id = tp.user_id GROUP BY cash.id`,
    });
    const returned = ledgerSetPostings.ctes('returned', {
      type: 'copy_return',
      reference: 'copy_stop_loss',
      description: 'Copies ended by their stop loss on live equity',
      when: sql`EXISTS (SELECT 1 FROM co WHERE co.ends AND co.after > 0)`,
      entries: sql`SELECT co.account_id, -co.after FROM co WHERE co.ends AND co.after > 0
                   UNION ALL
                   SELECT cash.id, co.after FROM co JOIN ${ledgerSetPostings.cashAccounts()} cash ON cash.owner_id = co.follower_id
                   WHERE co.ends AND co.after > 0`,
    });
    // The trades' copier totals go with it: two close-outs side by side may share a trade, so its rows are locked
    // first, in id order (then the posting trigger locks the accounts, in id order too).
    const tradeIds = rows.flatMap((r) => r.trades.split(','));
    await runSql(em, sql`SELECT id FROM trader_trades WHERE id = ANY (${sqlArray(tradeIds)}::bigint[]) ORDER BY id FOR NO KEY UPDATE`);
    const booked = sql`booked AS (
        UPDATE trader_trades t SET copiers_pnl = t.copiers_pnl + s.pnl, copiers_fees = t.copiers_fees + s.fee
        FROM (SELECT p.trade_id, sum(p.pnl) AS pnl, sum(p.fee) AS fee
              FROM ${byCopyIds} JOIN copy_positions p ON p.copy_id = s.copy_id
              WHERE p.settled AND p.close_reason = 'copy_stop_loss' AND p.settled_at = now() GROUP BY p.trade_id) s
        WHERE t.id = s.trade_id
        RETURNING 1
      )`;
    await runSql(em, sql`WITH co AS MATERIALIZED ${co}, ${booked}, ${closeOut}, ${returned} SELECT 1`);
    for (const row of rows) {
      const trader = byId.get(Number(row.trader_id)) as TraderRef;
      const entry = result.followersByTrader.get(trader.id) ?? { trader, followerIds: [], copyIds: [] };
      entry.followerIds.push(row.follower_id);
      entry.copyIds.push(row.copy_id);
      result.followersByTrader.set(trader.id, entry);
    }
    return result;
  }
}
