import { sql, sqlArray, sqlJoin, type CopiesTable, type Sql, type TraderProfilesTable } from '@mirrorline/shared';
import { ledgerSetPostings, walletQueries } from '@mirrorline/wallet/sql';
import type { Quote } from '@mirrorline/market';
import type { CloseOutAction } from '../../application/ports/price-watch-store';
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
import { quotesRelation } from './quotes.queries';

/**
 * The given copies (one uuid[] parameter) as a relation to join their positions on: the planner probes the
 * positions' copy_id index once per copy, where `copy_id = ANY (…)` got a skip scan of the primary key
 * (trade_id, copy_id) four times slower (bench:guards).
 */
export const byCopyIds = (ids: readonly string[]): Sql<never> => sql`unnest(${sqlArray(ids)}::uuid[]) AS s(copy_id)`;

/** The ledger description of a close-out's posting, by its reason (the posting's type). */
const CLOSE_OUT_DESCRIPTIONS: Record<CopyCloseReason, string> = {
  copy_stop_loss: 'Copies closed out at their stop loss on live equity',
  copy_take_profit: 'Copies closed out at their take profit on live equity',
  copy_stopped: 'Copy stopped by its owner: its open positions closed at the market',
  copier_closed: 'Copied position closed by its owner at the market',
};

/** A trader a close-out locks, with whether its user has no cash account yet. */
export type CloseOutTraderRow = Pick<TraderProfilesTable, 'id' | 'user_id'> & { no_cash: boolean };

/** A copy a close-out locks, with whether its owner has no cash account yet. */
export type CloseOutCopyRow = Pick<CopiesTable, 'id' | 'trader_id' | 'follower_id'> & { no_cash: boolean };

/** One row per copy the close-out statement closed out (bigint sums and counts as text). */
export interface ClosedOutRow {
  pnl: string;
  n: string;
  ends: boolean;
  /** positions and copies the statement updated, the same on every row */
  settled: string;
  stopped: string;
}

/**
 * The copy close-out's statements (docs/copy-trading.md "Copy close-out"), one per step of CloseOutCopiesUseCase,
 * run by SqlPriceWatchStore. Lock order as everywhere: trader rows (share), in id order, then the copy rows in id
 * order, then the trades' rows, then the ledger accounts (posting trigger).
 */
export const closeOutQueries = {
  /**
   * A mass close-out (a crash of the market) may run past the request pool's statement_timeout, as a settlement may
   * (not an owner's action on one copy: that request keeps the pool's bound, product.md §11.5). Its statements touch
   * the rows of a few copies among many: with the default random_page_cost (4, a spinning disk) the planner hashes
   * whole tables instead of probing their indexes (bench:guards, 1 % tripping).
   */
  settings(ownerAction: boolean): Sql<never> {
    return ownerAction ? sql`SET LOCAL random_page_cost = 1.1` : sql`SET LOCAL statement_timeout = '120s'; SET LOCAL random_page_cost = 1.1`;
  },

  /**
   * The traders, FOR SHARE in id order (trade opens and closes of those traders wait, copies of them do not), with
   * whether their user has a cash account (their profit share posts to it).
   */
  lockTraders(traderIds: readonly number[]): Sql<CloseOutTraderRow> {
    return sql<CloseOutTraderRow>`SELECT tp.id, tp.user_id,
              NOT EXISTS (SELECT 1 FROM ${ledgerSetPostings.cashAccounts()} cash WHERE cash.owner_id = tp.user_id) AS no_cash
       FROM trader_profiles tp WHERE tp.id = ANY (${sqlArray(traderIds)}::int[]) ORDER BY tp.id FOR SHARE`;
  },

  /**
   * The copies, FOR UPDATE in id order, with whether their owner has a cash account (a funded copy's owner has one:
   * the copy was funded from it).
   */
  lockCopies(copyIds: readonly string[]): Sql<CloseOutCopyRow> {
    return sql<CloseOutCopyRow>`SELECT c.id, c.trader_id, c.follower_id, cash.id IS NULL AS no_cash
         FROM ${byCopyIds(copyIds)} JOIN copies c ON c.id = s.copy_id
         -- LIMIT 1: one probe of the owner index per copy, where a join or EXISTS got a hash of every cash account
         LEFT JOIN LATERAL (SELECT cash.id FROM ${ledgerSetPostings.cashAccounts()} cash WHERE cash.owner_id = c.follower_id LIMIT 1) cash ON true
         ORDER BY c.id FOR UPDATE OF c`;
  },

  /** The cash accounts of these users, made when missing (the postings below credit them). */
  ensureCashAccounts(ownerIds: readonly string[]): Sql<never> {
    return ledgerSetPostings.ensureCashAccounts(sql`SELECT unnest(${sqlArray(ownerIds)}::uuid[])`);
  },

  /**
   * The close-out, one statement, set-based, whose snapshot is taken under the copies' locks (the copies given are
   * locked already):
   * - the re-check at the same quotes (a trade close that won the race settled its positions first, and
   *   WHERE NOT settled skips them; a copy already stopped is left alone): `cp`, the positions closed out, and
   *   `co`, per copy, its pnl, profit share (the copy's own share, product.md §10, exactly as a trader's close
   *   computes it on the equity after the pnl: zero in practice, as a copy at its stop loss is below what it
   *   invested, so below its high-water mark), whether it ends and the equity it leaves;
   * - the writes: positions and copies; the trades' copier totals (their rows locked in id order first: two
   *   close-outs side by side may share a trade when one trader holds most of the copies); the notices and
   *   live events, through the outbox (copy_guard_notices, delivered by SqlCopyNotices after the commit); and
   *   two transactions through the wallet's set-based postings (docs/ledger.md): the close-out (one entry per
   *   copy, pnl net of profit share; the market −Σ pnl; each trader's cash +Σ profit share) and the ended
   *   copies' equity → their owners' cash (copy_return). The posting trigger runs once for both at the end of
   *   the statement, so the market's account (which every close-out posts to) stays locked from there to the
   *   commit only, and a copy's equity account is locked and updated once. It returns one row per copy closed out.
   * Without `action`, each copy is closed out only if its live equity is at its stop loss or take profit.
   */
  closeOut(copyIds: readonly string[], quotes: readonly Quote[], marketAccount: string, action?: CloseOutAction): Sql<ClosedOutRow> {
    const lockedCopies = byCopyIds(copyIds);
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
    return sql<ClosedOutRow>`WITH pos AS (
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
       FROM co`;
  },
};
