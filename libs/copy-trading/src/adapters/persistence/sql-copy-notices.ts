import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, runSql, UnitOfWork, type AppConfig, type TransactionContext } from '@mirrorline/shared';
import { afterCommit, emOf } from '@mirrorline/shared/nest';
import { Notifications } from '@mirrorline/notifications';
import { LiveEvents } from '@mirrorline/events';
import { closedNotices, closeOutNotices, openedNotices } from '../../domain/copy-notices';
import { CopyNoticeOutbox, type CopyNoticeKind } from '../../application/ports/copy-notice-outbox';
import { copyNoticesQueries, type ClosedOutCopyRow, type TradeNoticeRow } from './copy-notices.queries';

/** After a failed delivery (database unreachable), the next attempt waits this long. */
const RETRY_MS = 5_000;

/**
 * The per-follower notifications of a trade (copied / skipped / closed with pnl): one row per follower,
 * 100,000 for a large trader. They go through a transactional outbox (copy_trade_notices): the trade's
 * transaction records one notice, and this worker writes the notifications (Notifications.notify, one statement
 * for all of them; texts by domain/copy-notices.ts) right after the commit, each notice in a transaction of its own
 * that also deletes it — so a notice is delivered exactly once, a crash in between loses nothing, and several API
 * instances share the work (SKIP LOCKED). Every instance also sweeps the outbox every OUTBOX_SWEEP_MS (5 s), so the
 * notices an instance committed but did not deliver before it died are delivered by the others within seconds (or by
 * itself at its next start). A copy close-out (CloseOutCopiesUseCase) records its guard_hit / copy_ended notices the
 * same way (copy_guard_notices). Rare per-copy events of a trade (stop loss hit, copy ended) are written inside the
 * trade's transaction instead; see CloseTradeUseCase.
 *
 * The copiers' live events of the trade (position_opened / position_closed on events/stream, with the fill
 * receipt) are published in the same delivery transaction: for 100,000 copiers they are a second of NOTIFY
 * traffic that the trader's order no longer waits for, and they still go out only once the trade committed.
 */
@Injectable()
export class SqlCopyNotices extends CopyNoticeOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CopyNotices');
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: Notifications,
    @Optional() @Inject(APP_CONFIG) private readonly config?: AppConfig,
    @Optional() private readonly live?: LiveEvents,
  ) {
    super();
  }

  /** Records a notice in the trade's transaction; delivery starts once that transaction has committed. */
  async enqueue(tx: TransactionContext, tradeId: string, kind: CopyNoticeKind): Promise<void> {
    await runSql(emOf(tx), copyNoticesQueries.insertTradeNotice(tradeId, kind));
    afterCommit(tx, () => this.kick());
  }

  /** Starts delivering pending notices, or makes the running delivery look again when it is done. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverAll().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when nothing is being delivered (tests and the bench wait on it; the API never does). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  onApplicationBootstrap(): void {
    this.kick(); // notices a previous process committed but did not deliver
    // …and, periodically, those of another instance that died after its commit (one SELECT when none is pending).
    if (this.sweep || this.closed) return;
    this.sweep = setInterval(() => this.kick(), this.config?.outboxSweepMs ?? 5_000);
    this.sweep.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.sweep) clearInterval(this.sweep);
    if (this.retry) clearTimeout(this.retry);
    await this.idle();
  }

  private async deliverAll(): Promise<void> {
    try {
      while (!this.closed && (await this.deliverOne())) {
        /* next notice */
      }
    } catch (error) {
      this.logger.error(`notification delivery failed, retrying in ${RETRY_MS / 1000} s: ${(error as Error).message}`);
      if (!this.closed && !this.retry) {
        this.retry = setTimeout(() => {
          this.retry = null;
          this.kick();
        }, RETRY_MS);
        this.retry.unref();
      }
    }
  }

  /** Delivers the oldest pending notice (a trade's first, then a close-out's); false when there is none left. */
  private async deliverOne(): Promise<boolean> {
    return (await this.deliverTradeNotice()) || (await this.deliverGuardNotice());
  }

  /**
   * A copy close-out's notice (copy_guard_notices, recorded by the close-out statement): the guard_hit
   * notification to each follower closed out, and copy_ended to those whose copy ended, with the equity it returned
   * to their cash; their live events (position_closed, guard_hit, copy_stopped), one set per trader.
   */
  private deliverGuardNotice(): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const em = emOf(tx);
      const [notice] = await runSql(em, copyNoticesQueries.nextGuardNotice());
      if (!notice) return false;
      const copies = await runSql(em, copyNoticesQueries.guardNoticeCopies(notice.id));
      await this.notifications.notify(
        tx,
        closeOutNotices(
          copies.map((r) => ({
            followerId: r.follower_id,
            copyId: r.copy_id,
            trader: r.name,
            reason: r.reason,
            pnl: BigInt(r.pnl),
            returned: r.returned === null ? null : BigInt(r.returned),
          })),
        ),
      );
      await this.publishClosedOut(tx, copies);
      await runSql(em, copyNoticesQueries.deleteGuardNotice(notice.id));
      return true;
    });
  }

  /** position_closed, guard_hit (a guard) and copy_stopped (when the copy stops) to the followers closed out, one set per trader and reason. */
  private async publishClosedOut(tx: TransactionContext, copies: readonly ClosedOutCopyRow[]): Promise<void> {
    if (!this.live) return;
    const groups = new Map<string, { traderId: number; traderName: string; reason: ClosedOutCopyRow['reason']; stops: boolean; ids: string[] }>();
    for (const r of copies) {
      const stops = r.reason !== 'copier_closed' || r.returned !== null;
      const key = `${r.trader_id}:${r.reason}:${stops}`;
      const group = groups.get(key) ?? { traderId: Number(r.trader_id), traderName: r.name, reason: r.reason, stops, ids: [] };
      group.ids.push(r.follower_id);
      groups.set(key, group);
    }
    await this.live.publishEach(
      tx,
      [...groups.values()].flatMap(({ stops, ids, ...data }) => {
        const guard = data.reason === 'copy_stop_loss' || data.reason === 'copy_take_profit';
        return [
          { userIds: ids, event: { type: 'position_closed' as const, data: { ...data, closeReason: data.reason } } },
          ...(guard ? [{ userIds: ids, event: { type: 'guard_hit' as const, data: { ...data, guard: data.reason } } }] : []),
          ...(stops ? [{ userIds: ids, event: { type: 'copy_stopped' as const, data } }] : []),
        ];
      }),
    );
  }

  private deliverTradeNotice(): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const em = emOf(tx);
      const [notice] = await runSql(em, copyNoticesQueries.nextTradeNotice());
      if (!notice) return false;
      await this.notifications.notify(tx, await this.tradeNotices(tx, notice));
      await this.publishPositions(tx, notice);
      await runSql(em, copyNoticesQueries.deleteTradeNotice(notice.id));
      return true;
    });
  }

  /**
   * The followers' notices of a trade: copied or skipped when it opened; closed with pnl (and profit share) when it
   * closed, except positions a copy close-out settled earlier (a copy close reason: they had their notice then).
   */
  private async tradeNotices(tx: TransactionContext, notice: TradeNoticeRow) {
    const trade = { tradeId: notice.trade_id, pair: notice.pair, side: notice.side, trader: notice.name };
    if (notice.kind === 'opened') {
      const copies = await runSql(emOf(tx), copyNoticesQueries.openedCopies(notice.trade_id));
      return openedNotices(
        trade,
        copies.map((c) =>
          c.reason === null
            ? { followerId: c.follower_id, copyId: c.copy_id, size: BigInt(c.size!), reason: null }
            : { followerId: c.follower_id, copyId: c.copy_id, size: null, reason: c.reason },
        ),
      );
    }
    const positions = await runSql(emOf(tx), copyNoticesQueries.settledCopies(notice.trade_id));
    return closedNotices(
      trade,
      notice.pnl_pct ?? '0',
      positions.map((p) => ({ followerId: p.follower_id, copyId: p.copy_id, pnl: BigInt(p.pnl), fee: BigInt(p.fee) })),
    );
  }

  /**
   * position_opened / position_closed to the trade's copiers (those a copy close-out settled heard of it then).
   * One publish per distinct copier fill: every fan-out position fills at the trader's fill (one group, whatever
   * the number of copiers); a position taken over later by "copy open trades" has its own fill and receipt.
   */
  private async publishPositions(tx: TransactionContext, notice: TradeNoticeRow): Promise<void> {
    if (!this.live) return;
    const opened = notice.kind === 'opened';
    const groups = await runSql(emOf(tx), copyNoticesQueries.fillGroups(notice.trade_id, opened));
    if (!groups.length) return;
    const trade = { tradeId: notice.trade_id, traderId: Number(notice.trader_id), symbol: notice.symbol, side: notice.side };
    const quoteTime = notice.entry_quote_time ? new Date(notice.entry_quote_time).toISOString() : null;
    await this.live.publishEach(
      tx,
      groups.map((g) => {
        const copierFill = g.fill ?? notice.entry_price;
        const receipt = { traderFill: notice.entry_price, copierFill, delayMs: Number(g.delay_ms), slippageBps: Number(g.slippage_bps).toFixed(2) };
        return {
          userIds: g.ids,
          event: opened
            ? { type: 'position_opened' as const, data: { ...trade, entryPrice: copierFill, receipt: { ...receipt, quoteTime } } }
            : { type: 'position_closed' as const, data: { ...trade, entryPrice: copierFill, exitPrice: notice.exit_price, closeReason: notice.close_reason, receipt } },
        };
      }),
    );
  }
}
