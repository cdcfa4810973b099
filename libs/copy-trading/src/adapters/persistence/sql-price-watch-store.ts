import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, sqlArray, sqlText, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { Notifications } from '@mirrorline/notifications';
import { Ledger, ledgerSetPostings, walletQueries } from '@mirrorline/wallet';
import type { Quote } from '@mirrorline/market';
import type { TraderRef } from '../../application/ports/copy-repository';
import { PriceWatchStore, type CloseOutResult, type CrossedTrade } from '../../application/ports/price-watch-store';
import { toTraderRef, TRADER_REF_COLUMNS } from './sql-copy-repository';
import { pgArray, pnlAt, QUOTES_RELATION, quoteParams } from './sql-quotes';
import { sqlAmount } from './sql-amount';

/**
 * Open trades marked at the quotes: id, sign (+1 buy, −1 sell), the trade's entry (a position's fill when it
 * has none of its own) and the mark as float8 (close side: bid for a buy, ask for a sell), for the copy stop
 * loss pre-filter. Uses the partial index on open trades by symbol.
 */
const MARKED_TRADES = `
  SELECT t.id, t.entry_price AS entry, CASE WHEN t.side = 'buy' THEN 1 ELSE -1 END AS sign,
         (CASE WHEN t.side = 'buy' THEN q.bid ELSE q.ask END)::float8 AS mark
  FROM ${QUOTES_RELATION} JOIN trader_trades t ON t.symbol = q.symbol AND t.status = 'open'`;

/** The wallet's relation of copy equity accounts (id, copy_id, owner_id, balance): the wallet owns ledger_accounts. */
const COPY_EQUITY = sqlText(walletQueries.copyEquity());

@Injectable()
export class SqlPriceWatchStore extends PriceWatchStore {
  constructor(
    private readonly em: EntityManager,
    private readonly notifications: Notifications,
    private readonly ledger: Ledger,
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

  async trippedCopies(quotes: readonly Quote[]): Promise<string[]> {
    if (!quotes.length) return [];
    // One statement for every copy with open positions: Σ unrealized pnl per copy (positions of open trades
    // with a quote; hash joins), then equity and the stop loss threshold. No loop per copy, no CTE (a CTE
    // scan keeps the planner from parallel workers), and float8 arithmetic per position instead of numeric
    // div: this is a pre-filter run every second over 100,000 positions (bench:guards). It never misses a copy
    // that trips exactly: each position's exact pnl is truncated toward zero, so the exact sum is above the
    // float one by less than one cent per position, and the filter allows n + 1 cents (float8 errors are far
    // smaller). A borderline copy it lets through is left alone by closeOut's exact re-check under the locks.
    // The hash aggregate of one group per copy needs more than the default work_mem (4 MB) not to spill, and
    // with the default costs the planner keeps a once-a-second scan of 100,000 positions on one core (tables
    // under min_parallel_table_scan_size, 8 MB, stay serial whatever these say).
    return this.em.fork().transactional(async (em) => {
      await em.execute("SET LOCAL work_mem = '64MB'; SET LOCAL parallel_setup_cost = 100; SET LOCAL parallel_tuple_cost = 0.01");
      const rows = await em.execute<{ id: string }[]>(
        `SELECT c.id FROM (
           SELECT p.copy_id, sum(p.size * (m.mark / coalesce(p.fill_price, m.entry)::float8 - 1) * m.sign) AS upnl, count(*) AS n
           FROM (${MARKED_TRADES}) m JOIN copy_positions p ON p.trade_id = m.id
           WHERE NOT p.settled GROUP BY p.copy_id
         ) u
         JOIN copies c ON c.id = u.copy_id JOIN ${COPY_EQUITY} a ON a.copy_id = c.id
         WHERE c.status <> 'stopped' AND c.stop_loss_pct IS NOT NULL AND c.invested > 0
           AND (a.balance + u.upnl - u.n - 1) * 100 <= c.invested * c.stop_loss_pct`,
        quoteParams(quotes),
      );
      return rows.map((r) => r.id);
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
    await em.execute(`SELECT id FROM copies WHERE id = ANY (?::uuid[]) ORDER BY id FOR UPDATE`, [ids]);
    // Re-checked under the locks at the same quotes: a trade close that won the race settled its positions
    // first (WHERE NOT settled below skips them), a copy already stopped is left alone.
    await em.execute(
      `CREATE TEMP TABLE copy_closeout_positions ON COMMIT DROP AS
       WITH pos AS (
         -- driven by the few copies (copy_id index), not by every position of the marked trades
         SELECT p.trade_id, p.copy_id, p.follower_id, m.mark,
                ${pnlAt('p.size', 'coalesce(p.fill_price, m.entry)', 'm.mark', 'm.sign')} AS pnl
         FROM copy_positions p
         JOIN LATERAL (
           SELECT t.entry_price AS entry, CASE WHEN t.side = 'buy' THEN 1 ELSE -1 END AS sign,
                  CASE WHEN t.side = 'buy' THEN q.bid ELSE q.ask END AS mark
           FROM trader_trades t JOIN ${QUOTES_RELATION} ON q.symbol = t.symbol
           WHERE t.id = p.trade_id AND t.status = 'open'
         ) m ON true
         WHERE p.copy_id = ANY (?::uuid[]) AND NOT p.settled
       ), tot AS (SELECT copy_id, sum(pnl) AS pnl FROM pos GROUP BY copy_id),
       hit AS (
         SELECT c.id AS copy_id FROM tot JOIN copies c ON c.id = tot.copy_id JOIN ${COPY_EQUITY} a ON a.copy_id = c.id
         WHERE c.status <> 'stopped' AND c.stop_loss_pct IS NOT NULL AND c.invested > 0
           AND (a.balance + tot.pnl) * 100 <= c.invested * c.stop_loss_pct
       )
       SELECT pos.* FROM pos JOIN hit USING (copy_id)`,
      [...quoteParams(quotes), ids],
    );
    // Per copy: pnl, profit share (the copy's own share, product.md §10) exactly as a trader's close computes it on the equity after the pnl (zero in
    // practice: a copy at its stop loss is below what it invested, so below its high-water mark), whether it
    // ends (no open position left, i.e. none without a quote) and the equity it leaves.
    await em.execute(
      `CREATE TEMP TABLE copy_closeout ON COMMIT DROP AS
       SELECT x.*, x.equity + x.pnl - x.fee AS after,
              -- ends when every open position of the copy is among those closed out (none without a quote)
              (SELECT count(*) FROM copy_positions o JOIN trader_trades t ON t.id = o.trade_id
               WHERE o.copy_id = x.copy_id AND NOT o.settled AND t.status = 'open') = x.n AS ends
       FROM (
         SELECT c.id AS copy_id, c.follower_id, c.trader_id, a.id AS account_id, a.balance AS equity, c.high_water_mark AS hwm,
                s.pnl, s.first_trade, s.n,
                CASE WHEN a.balance + s.pnl > c.high_water_mark THEN (a.balance + s.pnl - c.high_water_mark) * c.share_pct / 100 ELSE 0 END AS fee
         FROM (SELECT copy_id, sum(pnl)::bigint AS pnl, min(trade_id) AS first_trade, count(*) AS n FROM copy_closeout_positions GROUP BY copy_id) s
         JOIN copies c ON c.id = s.copy_id JOIN ${COPY_EQUITY} a ON a.copy_id = c.id
       ) x`,
    );
    // The planner knows nothing of fresh temp tables: with their statistics the updates below probe the copies,
    // positions and accounts of these few copies by index instead of hashing whole tables.
    await em.execute('ANALYZE copy_closeout_positions; ANALYZE copy_closeout');
    const [tot] = await em.execute<{ copies: string; positions: string; ended: string; pnl: string }[]>(
      `SELECT (SELECT count(*) FROM copy_closeout) AS copies, (SELECT count(*) FROM copy_closeout_positions) AS positions,
              (SELECT count(*) FILTER (WHERE ends) FROM copy_closeout) AS ended,
              (SELECT coalesce(sum(pnl), 0) FROM copy_closeout)::text AS pnl`,
    );
    result.copies = Number(tot.copies);
    if (result.copies === 0) {
      await em.execute('DROP TABLE copy_closeout_positions; DROP TABLE copy_closeout');
      return result;
    }
    result.positions = Number(tot.positions);
    result.ended = Number(tot.ended);
    result.pnl = BigInt(tot.pnl);
    const [settled] = await em.execute<{ n: string }[]>(
      `WITH s AS (
         UPDATE copy_positions p SET settled = true, pnl = cp.pnl, fee = CASE WHEN cp.trade_id = co.first_trade THEN co.fee ELSE 0 END,
                settled_at = now(), exit_price = cp.mark, close_reason = 'copy_stop_loss'
         FROM copy_closeout_positions cp JOIN copy_closeout co ON co.copy_id = cp.copy_id
         WHERE p.trade_id = cp.trade_id AND p.copy_id = cp.copy_id AND NOT p.settled
         RETURNING 1
       ) SELECT count(*) AS n FROM s`,
    );
    if (Number(settled.n) !== result.positions) throw new Error('copy close-out: positions changed during settlement');
    await em.execute(
      `UPDATE copies c SET
         high_water_mark = CASE WHEN co.equity + co.pnl > c.high_water_mark THEN co.after ELSE c.high_water_mark END,
         status = CASE WHEN co.ends THEN 'stopped' ELSE 'stopping' END, stop_reason = 'stop_loss',
         ended_at = CASE WHEN co.ends THEN now() ELSE c.ended_at END, updated_at = now()
       FROM copy_closeout co WHERE c.id = co.copy_id`,
    );
    await em.execute(
      `UPDATE trader_trades t SET copiers_pnl = t.copiers_pnl + s.pnl, copiers_fees = t.copiers_fees + s.fee
       FROM (SELECT cp.trade_id, sum(cp.pnl) AS pnl, sum(CASE WHEN cp.trade_id = co.first_trade THEN co.fee ELSE 0 END) AS fee
             FROM copy_closeout_positions cp JOIN copy_closeout co ON co.copy_id = cp.copy_id GROUP BY cp.trade_id) s
       WHERE t.id = s.trade_id`,
    );
    // The ledger (the wallet's set-based posting): one posting with one entry per copy (pnl net of profit share),
    // the market (−Σ pnl) and each trader's cash (+Σ profit share), in one statement (docs/ledger.md).
    const feeAccounts: bigint[] = [];
    const feeAmounts: bigint[] = [];
    const fees = await em.execute<{ trader_id: number; fee: string }[]>(
      'SELECT trader_id, sum(fee)::text AS fee FROM copy_closeout GROUP BY trader_id HAVING sum(fee) > 0',
    );
    for (const row of fees) {
      const trader = traders.find((t) => t.id === Number(row.trader_id))!;
      feeAccounts.push(BigInt(await this.ledger.userAccount(tx, trader.userId, 'cash')));
      feeAmounts.push(BigInt(row.fee));
    }
    await runSql(
      em,
      ledgerSetPostings.statement({
        type: 'copy_stop_loss',
        reference: 'copy_stop_loss',
        description: 'Copies closed out at their stop loss on live equity',
        when: sql`EXISTS (SELECT 1 FROM copy_closeout WHERE pnl <> fee)`,
        entries: sql`SELECT co.account_id, co.pnl - co.fee FROM copy_closeout co
                     UNION ALL SELECT ${marketAccount}::bigint, -(SELECT coalesce(sum(pnl), 0) FROM copy_closeout)::bigint
                     UNION ALL SELECT f.account, f.amount FROM unnest(${sqlArray(feeAccounts)}::bigint[], ${sqlArray(feeAmounts)}::bigint[]) AS f(account, amount)`,
      }),
    );
    // Ended copies: their equity → their owners' cash (copy_return).
    await runSql(em, ledgerSetPostings.ensureCashAccounts(sql`SELECT follower_id FROM copy_closeout WHERE ends AND after > 0`));
    await runSql(
      em,
      ledgerSetPostings.statement({
        type: 'copy_return',
        reference: 'copy_stop_loss',
        description: 'Copies ended by their stop loss on live equity',
        when: sql`EXISTS (SELECT 1 FROM copy_closeout WHERE ends AND after > 0)`,
        entries: sql`SELECT co.account_id, -co.after FROM copy_closeout co WHERE co.ends AND co.after > 0
                     UNION ALL
                     SELECT cash.id, co.after FROM copy_closeout co JOIN ${ledgerSetPostings.cashAccounts()} cash ON cash.owner_id = co.follower_id
                     WHERE co.ends AND co.after > 0`,
      }),
    );
    await this.notifications.notifyFromSelect(
      tx,
      `SELECT co.follower_id, 'guard_hit', 'Copy stop loss reached: your copy of ' || tp.name || ' was closed out',
              'Your copy''s live equity fell to its stop loss: its open positions were closed at the market.',
              jsonb_build_object('copyId', co.copy_id, 'guard', 'copy_stop_loss', 'pnl', co.pnl::text, 'trader', tp.name)
       FROM copy_closeout co JOIN trader_profiles tp ON tp.id = co.trader_id
       UNION ALL
       SELECT co.follower_id, 'copy_ended', 'Your copy of ' || tp.name || ' has ended',
              ${sqlAmount('co.after')} || ' USD returned to your balance.', jsonb_build_object('copyId', co.copy_id, 'returned', co.after::text, 'trader', tp.name)
       FROM copy_closeout co JOIN trader_profiles tp ON tp.id = co.trader_id WHERE co.ends`,
    );
    const rows = await em.execute<{ trader_id: number; follower_id: string; copy_id: string }[]>(
      'SELECT trader_id, follower_id, copy_id FROM copy_closeout ORDER BY trader_id, copy_id',
    );
    for (const row of rows) {
      const trader = traders.find((t) => t.id === Number(row.trader_id)) as TraderRef;
      const entry = result.followersByTrader.get(trader.id) ?? { trader, followerIds: [], copyIds: [] };
      entry.followerIds.push(row.follower_id);
      entry.copyIds.push(row.copy_id);
      result.followersByTrader.set(trader.id, entry);
    }
    await em.execute('DROP TABLE copy_closeout_positions; DROP TABLE copy_closeout');
    return result;
  }
}
