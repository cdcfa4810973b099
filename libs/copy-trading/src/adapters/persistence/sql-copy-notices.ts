import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, runSql, Sql, sql, sqlJoin, UnitOfWork, type AppConfig, type TransactionContext } from '@mirrorline/shared';
import { afterCommit, emOf } from '@mirrorline/shared/nest';
import { Notifications } from '@mirrorline/notifications';
import { LiveEvents } from '@mirrorline/events';
import { COPY_CLOSE_REASONS, type CopyCloseReason } from '../../domain/copy-math';
import { CopyNoticeOutbox, type CopyNoticeKind } from '../../application/ports/copy-notice-outbox';
import { sqlAmount } from './sql-amount';

interface NoticeRow {
  id: string;
  trade_id: string;
  kind: CopyNoticeKind;
  trader_id: number;
  symbol: string;
  pair: string;
  side: string;
  entry_price: string;
  exit_price: string | null;
  close_reason: string | null;
  entry_quote_time: Date | null;
  pnl_pct: string | null;
  name: string;
}

/** A position closed apart from its trade, by a copy close-out (its notices went out then), is none of these. */
const NOT_CLOSED_OUT = sql`coalesce(close_reason, '') NOT IN (${sqlJoin(COPY_CLOSE_REASONS.map((r) => new Sql(`'${r}'`, [])))})`;

/** After a failed delivery (database unreachable), the next attempt waits this long. */
const RETRY_MS = 5_000;

/**
 * The per-follower notifications of a trade (copied / skipped / closed with pnl): one row per follower,
 * 100,000 for a large trader. They go through a transactional outbox (copy_trade_notices): the trade's
 * transaction records one notice, and this worker writes the notifications set-based right after the
 * commit, each notice in a transaction of its own that also deletes it — so a notice is delivered exactly
 * once, a crash in between loses nothing, and several API instances share the work (SKIP LOCKED). Every
 * instance also sweeps the outbox every OUTBOX_SWEEP_MS (5 s), so the notices an instance committed but
 * did not deliver before it died are delivered by the others within seconds (or by itself at its next start). A copy
 * close-out (the copy stop loss on live equity, SqlPriceWatchStore) records its guard_hit / copy_ended notices the
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
    await runSql(emOf(tx), sql`INSERT INTO copy_trade_notices (trade_id, kind) VALUES (${tradeId}, ${kind})`);
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
   * A copy close-out's notice (copy_guard_notices, recorded by SqlPriceWatchStore.closeOut): the guard_hit
   * notification to each follower closed out, and copy_ended to those whose copy ended, with the equity it returned
   * to their cash; their live events (position_closed, guard_hit, copy_stopped), one set per trader.
   */
  private deliverGuardNotice(): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const em = emOf(tx);
      const [notice] = await runSql(em, sql<{ id: string }>`SELECT id::text AS id FROM copy_guard_notices ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`);
      if (!notice) return false;
      // reasons: NULL on a notice recorded before copy take profit and the owner's closes (all copy_stop_loss)
      const copies = sql`(SELECT r.*, tp.name FROM copy_guard_notices n
                         CROSS JOIN LATERAL unnest(n.follower_ids, n.copy_ids, n.trader_ids, n.pnls, n.returned,
                                                   coalesce(n.reasons, array_fill('copy_stop_loss'::varchar, ARRAY[cardinality(n.copy_ids)])))
                           AS r(follower_id, copy_id, trader_id, pnl, returned, reason)
                         JOIN trader_profiles tp ON tp.id = r.trader_id
                       WHERE n.id = ${notice.id})`;
      // guard_hit for a guard (the owner's own stop or close needs no notification of it), copy_ended for a copy that ended
      await this.notifications.notifyFromSelect(
        tx,
        sql`SELECT * FROM (
           SELECT r.follower_id, 'guard_hit',
                  CASE r.reason WHEN 'copy_stop_loss' THEN 'Copy stop loss reached: your copy of ' ELSE 'Copy take profit reached: your copy of ' END
                    || r.name || ' was closed out',
                  CASE r.reason WHEN 'copy_stop_loss' THEN 'Your copy''s live equity fell to its stop loss: its open positions were closed at the market.'
                       ELSE 'Your copy''s live equity reached its take profit: its open positions were closed at the market.' END,
                  jsonb_build_object('copyId', r.copy_id, 'guard', r.reason, 'pnl', r.pnl::text, 'trader', r.name)
           FROM ${copies} r WHERE r.reason IN ('copy_stop_loss', 'copy_take_profit')
           UNION ALL
           SELECT r.follower_id, 'copy_ended', 'Your copy of ' || r.name || ' has ended',
                  ${sqlAmount(sql`r.returned`)} || ' USD returned to your balance.',
                  jsonb_build_object('copyId', r.copy_id, 'returned', r.returned::text, 'trader', r.name)
           FROM ${copies} r WHERE r.returned IS NOT NULL
         ) x ORDER BY 1`,
      );
      if (this.live) {
        const groups = await runSql(
          em,
          sql<{ trader_id: number; name: string; reason: CopyCloseReason; stops: boolean; ids: string[] }>`SELECT r.trader_id, r.name, r.reason, r.reason <> 'copier_closed' OR r.returned IS NOT NULL AS stops, array_agg(r.follower_id::text) AS ids
           FROM ${copies} r GROUP BY 1, 2, 3, 4`,
        );
        await this.live.publishEach(
          tx,
          groups.flatMap((g) => {
            const data = { traderId: Number(g.trader_id), traderName: g.name, reason: g.reason };
            const guard = g.reason === 'copy_stop_loss' || g.reason === 'copy_take_profit';
            return [
              { userIds: g.ids, event: { type: 'position_closed' as const, data: { ...data, closeReason: g.reason } } },
              ...(guard ? [{ userIds: g.ids, event: { type: 'guard_hit' as const, data: { ...data, guard: g.reason } } }] : []),
              ...(g.stops ? [{ userIds: g.ids, event: { type: 'copy_stopped' as const, data } }] : []),
            ];
          }),
        );
      }
      await runSql(em, sql`DELETE FROM copy_guard_notices WHERE id = ${notice.id}`);
      return true;
    });
  }

  private deliverTradeNotice(): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const em = emOf(tx);
      const [notice] = await runSql(
        em,
        sql<NoticeRow>`SELECT n.id::text AS id, n.trade_id::text AS trade_id, n.kind, t.trader_id, t.symbol, t.pair, t.side,
                trim_scale(t.entry_price)::text AS entry_price, trim_scale(t.exit_price)::text AS exit_price, t.close_reason,
                t.entry_quote_time, trim_scale(t.pnl_pct)::text AS pnl_pct, p.name
         FROM copy_trade_notices n JOIN trader_trades t ON t.id = n.trade_id JOIN trader_profiles p ON p.id = t.trader_id
         ORDER BY n.id LIMIT 1 FOR UPDATE OF n SKIP LOCKED`,
      );
      if (!notice) return false;
      if (notice.kind === 'opened') await this.deliverOpened(tx, notice);
      else await this.deliverClosed(tx, notice.trade_id, notice.pair, notice.pnl_pct ?? '0');
      await this.publishPositions(tx, notice);
      await runSql(em, sql`DELETE FROM copy_trade_notices WHERE id = ${notice.id}`);
      return true;
    });
  }

  /**
   * position_opened / position_closed to the trade's copiers (those a copy close-out settled heard of it then).
   * One publish per distinct copier fill: every fan-out position fills at the trader's fill (one group, whatever
   * the number of copiers); a position taken over later by "copy open trades" has its own fill and receipt.
   */
  private async publishPositions(tx: TransactionContext, notice: NoticeRow): Promise<void> {
    if (!this.live) return;
    const opened = notice.kind === 'opened';
    const groups = await runSql(
      emOf(tx),
      sql<{ fill: string | null; delay_ms: number; slippage_bps: string; ids: string[] }>`SELECT trim_scale(fill_price)::text AS fill, delay_ms,
              slippage_bps::text AS slippage_bps, array_agg(follower_id::text) AS ids
       FROM copy_positions WHERE trade_id = ${notice.trade_id} ${opened ? sql`` : sql`AND settled AND ${NOT_CLOSED_OUT}`}
       GROUP BY fill_price, delay_ms, slippage_bps`,
    );
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

  // Constant text is bound once; the per-row work is a concatenation. Rows are sorted by follower so that
  // the inserts walk the notifications key (user_id, id) in order instead of hopping across it.
  // `data` carries what the SPA writes the title and sentence from (pair, side, trader): the texts stay for mail and logs.
  private async deliverOpened(tx: TransactionContext, notice: NoticeRow): Promise<void> {
    const { trade_id: tradeId, pair, side, name } = notice;
    await this.notifications.notifyFromSelect(
      tx,
      sql`SELECT * FROM (
         SELECT p.follower_id, 'copy_opened', ${`Copied ${side} ${pair} from ${name}`}::text, 'Position size ' || ${sqlAmount(sql`p.size`)} || ' USD',
                jsonb_build_object('tradeId', p.trade_id, 'copyId', p.copy_id, 'size', p.size, 'pair', ${pair}::text, 'side', ${side}::text, 'trader', ${name}::text)
         FROM copy_positions p WHERE p.trade_id = ${tradeId}
         UNION ALL
         SELECT s.follower_id, CASE WHEN s.reason = 'daily_loss_limit' THEN 'guard_hit' ELSE 'copy_skipped' END,
                CASE WHEN s.reason = 'daily_loss_limit' THEN 'Daily loss limit reached: ' ELSE 'Trade ' END || ${pair}::text || ' not copied',
                CASE s.reason WHEN 'paused' THEN 'Your copy is paused.'
                              WHEN 'stopping' THEN 'Your copy is stopping: it takes no new trades.'
                              WHEN 'zero_size' THEN 'Your free copy equity is too small for this trade.'
                              ELSE 'Your realised copy losses today reached your daily loss limit.' END,
                jsonb_build_object('tradeId', s.trade_id, 'copyId', s.copy_id, 'reason', s.reason, 'pair', ${pair}::text)
         FROM copy_skips s WHERE s.trade_id = ${tradeId}
       ) n ORDER BY 1`,
    );
  }

  // Positions a copy close-out settled earlier (a copy close reason) had their notice then: not again.
  private async deliverClosed(tx: TransactionContext, tradeId: string, pair: string, pnlPct: string): Promise<void> {
    await this.notifications.notifyFromSelect(
      tx,
      sql`SELECT p.follower_id, 'copy_closed',
              ${`${pair} closed: `}::text || CASE WHEN p.pnl >= 0 THEN '+' ELSE '-' END || ${sqlAmount(sql`abs(p.pnl)`)} || ' USD',
              ${`Trade pnl ${pnlPct} %`}::text || CASE WHEN p.fee > 0 THEN ', profit share ' || ${sqlAmount(sql`p.fee`)} || ' USD' ELSE '' END,
              jsonb_build_object('tradeId', p.trade_id, 'copyId', p.copy_id, 'pnl', p.pnl::text, 'fee', p.fee::text, 'pair', ${pair}::text, 'pnlPct', ${pnlPct}::text)
       FROM copy_positions p WHERE p.trade_id = ${tradeId} AND p.settled AND ${NOT_CLOSED_OUT}
       ORDER BY p.follower_id`,
    );
  }
}
