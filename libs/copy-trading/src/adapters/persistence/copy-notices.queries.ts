import {
  Sql,
  sql,
  sqlJoin,
  type CopyPositionsTable,
  type TraderProfilesTable,
  type TraderTradesTable,
} from '@mirrorline/shared';
import type { CopyNoticeKind } from '../../application/ports/copy-notice-outbox';
import type { SkipReason } from '../../domain/copy';
import { COPY_CLOSE_REASONS, type CopyCloseReason } from '../../domain/copy-math';

/** A trade's pending notice, with what its notifications and live events say of the trade (prices trimmed). */
export type TradeNoticeRow = Pick<TraderTradesTable, 'trader_id' | 'symbol' | 'pair' | 'side' | 'close_reason' | 'entry_quote_time'> & {
  id: string;
  trade_id: string;
  kind: CopyNoticeKind;
  entry_price: string;
  exit_price: string | null;
  pnl_pct: string | null;
  name: TraderProfilesTable['name'];
};

/** A follower the fan-out copied (size) or skipped (reason), as text from the bigint columns. */
export type OpenedCopyRow = Pick<CopyPositionsTable, 'follower_id' | 'copy_id'> & { size: string | null; reason: SkipReason | null };

/** A position the trade's close settled. */
export type SettledCopyRow = Pick<CopyPositionsTable, 'follower_id' | 'copy_id'> & { pnl: string; fee: string };

/** One copy of a close-out's notice, with its trader's name. */
export interface ClosedOutCopyRow {
  follower_id: string;
  copy_id: string;
  trader_id: number;
  pnl: string;
  returned: string | null;
  reason: CopyCloseReason;
  name: TraderProfilesTable['name'];
}

/** The copiers of one fill of the trade (position_opened / position_closed go out once per fill). */
export interface FillGroupRow {
  fill: string | null;
  delay_ms: CopyPositionsTable['delay_ms'];
  slippage_bps: string;
  ids: string[];
}

/** A position closed apart from its trade, by a copy close-out (its notices went out then), is none of the trade's. */
const NOT_CLOSED_OUT = sql`coalesce(close_reason, '') NOT IN (${sqlJoin(COPY_CLOSE_REASONS.map((r) => new Sql(`'${r}'`, [])))})`;

/**
 * The followers' notices outbox (SqlCopyNotices runs them): a trade's (copy_trade_notices) and a close-out's
 * (copy_guard_notices), each taken once (FOR UPDATE SKIP LOCKED) and deleted in its delivery's transaction.
 */
export const copyNoticesQueries = {
  insertTradeNotice(tradeId: string, kind: CopyNoticeKind): Sql<never> {
    return sql`INSERT INTO copy_trade_notices (trade_id, kind) VALUES (${tradeId}, ${kind})`;
  },

  /** The oldest pending trade notice no other instance is delivering, with its trade and trader. */
  nextTradeNotice(): Sql<TradeNoticeRow> {
    return sql<TradeNoticeRow>`SELECT n.id::text AS id, n.trade_id::text AS trade_id, n.kind, t.trader_id, t.symbol, t.pair, t.side,
              trim_scale(t.entry_price)::text AS entry_price, trim_scale(t.exit_price)::text AS exit_price, t.close_reason,
              t.entry_quote_time, trim_scale(t.pnl_pct)::text AS pnl_pct, p.name
       FROM copy_trade_notices n JOIN trader_trades t ON t.id = n.trade_id JOIN trader_profiles p ON p.id = t.trader_id
       ORDER BY n.id LIMIT 1 FOR UPDATE OF n SKIP LOCKED`;
  },

  deleteTradeNotice(id: string): Sql<never> {
    return sql`DELETE FROM copy_trade_notices WHERE id = ${id}`;
  },

  /** The trade's copied and skipped followers, by follower (the inserts walk the notifications key in order). */
  openedCopies(tradeId: string): Sql<OpenedCopyRow> {
    return sql<OpenedCopyRow>`SELECT p.follower_id, p.copy_id, p.size::text AS size, NULL AS reason FROM copy_positions p WHERE p.trade_id = ${tradeId}
       UNION ALL
       SELECT s.follower_id, s.copy_id, NULL, s.reason FROM copy_skips s WHERE s.trade_id = ${tradeId}
       ORDER BY 1`;
  },

  /** The positions the trade's close settled (not those a copy close-out settled earlier), by follower. */
  settledCopies(tradeId: string): Sql<SettledCopyRow> {
    return sql<SettledCopyRow>`SELECT p.follower_id, p.copy_id, p.pnl::text AS pnl, p.fee::text AS fee
       FROM copy_positions p WHERE p.trade_id = ${tradeId} AND p.settled AND ${NOT_CLOSED_OUT}
       ORDER BY p.follower_id`;
  },

  /**
   * The trade's copiers grouped by fill (opened: every position; closed: those its close settled), for
   * position_opened / position_closed.
   */
  fillGroups(tradeId: string, opened: boolean): Sql<FillGroupRow> {
    return sql<FillGroupRow>`SELECT trim_scale(fill_price)::text AS fill, delay_ms,
              slippage_bps::text AS slippage_bps, array_agg(follower_id::text) AS ids
       FROM copy_positions WHERE trade_id = ${tradeId} ${opened ? sql`` : sql`AND settled AND ${NOT_CLOSED_OUT}`}
       GROUP BY fill_price, delay_ms, slippage_bps`;
  },

  /** The oldest pending close-out notice no other instance is delivering. */
  nextGuardNotice(): Sql<{ id: string }> {
    return sql<{ id: string }>`SELECT id::text AS id FROM copy_guard_notices ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`;
  },

  /**
   * The copies of a close-out's notice with their traders' names (`reasons` NULL on a notice recorded before copy
   * take profit and the owner's closes: all copy_stop_loss), in the notice's order (by follower, then copy).
   */
  guardNoticeCopies(noticeId: string): Sql<ClosedOutCopyRow> {
    return sql<ClosedOutCopyRow>`SELECT r.follower_id, r.copy_id, r.trader_id, r.pnl::text AS pnl, r.returned::text AS returned, r.reason, tp.name
       FROM copy_guard_notices n
       CROSS JOIN LATERAL unnest(n.follower_ids, n.copy_ids, n.trader_ids, n.pnls, n.returned,
                                 coalesce(n.reasons, array_fill('copy_stop_loss'::varchar, ARRAY[cardinality(n.copy_ids)])))
         WITH ORDINALITY AS r(follower_id, copy_id, trader_id, pnl, returned, reason, i)
       JOIN trader_profiles tp ON tp.id = r.trader_id
       WHERE n.id = ${noticeId}
       ORDER BY r.i`;
  },

  deleteGuardNotice(id: string): Sql<never> {
    return sql`DELETE FROM copy_guard_notices WHERE id = ${id}`;
  },
};
