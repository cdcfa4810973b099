import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { afterCommit, emOf } from '@mirrorline/shared/nest';
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
import { closeOutQueries } from './close-out.queries';
import { priceWatchQueries } from './price-watch.queries';
import { SqlCopyNotices } from './sql-copy-notices';

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
    const connection = this.em.getConnection();
    // Looked at first, without a lock (an UPDATE of no row would still drop every cached public trader page).
    const [{ any }] = await runSql(connection, priceWatchQueries.anyTrailingStopTightens(quotes));
    if (!any) return 0;
    return (await runSql(connection, priceWatchQueries.ratchetTrailingStops(quotes))).length;
  }

  async crossedTrades(quotes: readonly Quote[]): Promise<CrossedTrade[]> {
    if (!quotes.length) return [];
    const rows = await runSql(this.em.getConnection(), priceWatchQueries.crossedTrades(quotes));
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
    const marked = await runSql(this.em.getConnection(), priceWatchQueries.markedTrades(quotes));
    if (!marked.length) return [];
    return this.em.fork().transactional(async (em) => {
      await runSql(em, priceWatchQueries.scanSettings());
      const candidates = await runSql(em, priceWatchQueries.candidateCopies(marked));
      const tripped = candidates.filter((c) => c.k === 1);
      const several = candidates.filter((c) => c.k > 1).map((c) => c.id);
      if (!several.length) return byTrader(tripped);
      await runSql(em, priceWatchQueries.indexProbes());
      return byTrader([...tripped, ...(await runSql(em, priceWatchQueries.trippedAmong(several, marked)))]);
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
