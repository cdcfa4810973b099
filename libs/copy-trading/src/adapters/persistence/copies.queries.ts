import { Sql, sql, sqlSet, type CopiesTable, type CopyPositionsTable, type TraderProfilesTable, type TraderTradesTable } from '@mirrorline/shared';
import { walletQueries } from '@mirrorline/wallet/sql';
import type { CopyPatch } from '../../application/ports/copy-repository';
import type { CopyStatus } from '../../domain/copy';
import { usersTable } from '@mirrorline/accounts/sql';

/**
 * A trader shown to the public and open to new copiers (alias `u` = the trader's user): still has the
 * Trader role, not blocked, not deleted. The profile row outlives all three (trades and copies reference
 * it), so every public read and every follow checks this instead.
 */
export const LISTED_TRADER = `(NOT u.blocked AND u.deleted_at IS NULL AND 'Trader' = ANY (u.roles))`;

/**
 * A listed trader whose user is KYC Verified: only those are shown to the public (GET traders/, GET
 * traders/:id) and can be followed; an unverified one can neither be found nor open trades (KYC_REQUIRED).
 */
export const PUBLIC_TRADER = `(${LISTED_TRADER} AND u.kyc_status = 'Verified')`;

/** The columns of a TraderRef (alias tp = trader_profiles, u = the trader's user). */
export const TRADER_REF_COLUMNS = `tp.id, tp.user_id, tp.name, tp.share_pct, tp.max_copiers, tp.min_copy_amount, ${LISTED_TRADER} AS listed, u.kyc_status = 'Verified' AS kyc_verified`;

const traderRefColumns = new Sql<never>(TRADER_REF_COLUMNS, []);

/** A TraderRef's row: the profile's columns, and whether its user is listed and KYC Verified. */
export type TraderRow = Pick<TraderProfilesTable, 'id' | 'user_id' | 'name' | 'share_pct' | 'max_copiers' | 'min_copy_amount'> & {
  listed: boolean;
  kyc_verified: boolean;
};

export type CopyRow = Pick<CopiesTable, 'id' | 'follower_id' | 'trader_id' | 'invested' | 'high_water_mark' | 'stop_loss_pct' | 'take_profit_pct'> & {
  status: CopyStatus;
};

export type ShareHolderRow = Pick<CopiesTable, 'id' | 'follower_id' | 'share_pct'> & Pick<TraderProfilesTable, 'name'>;

export type PositionRow = Pick<CopyPositionsTable, 'id' | 'copy_id' | 'follower_id' | 'settled'> & Pick<TraderTradesTable, 'trader_id' | 'symbol'>;

/** The statements of copies and their followers' settings (SqlCopyRepository runs them). */
export const copiesQueries = {
  /** The trader, locked `share` (FOR SHARE) or `exclusive` (FOR NO KEY UPDATE), OF tp (see SqlCopyRepository.lockTrader). */
  lockTrader(traderId: number, mode: 'share' | 'exclusive'): Sql<TraderRow> {
    return sql<TraderRow>`SELECT ${traderRefColumns}
       FROM trader_profiles tp JOIN ${usersTable} u ON u.id = tp.user_id WHERE tp.id = ${traderId}
       ${mode === 'share' ? sql`FOR SHARE OF tp` : sql`FOR NO KEY UPDATE OF tp`}`;
  },

  traderOfCopy(copyId: string): Sql<{ trader_id: number }> {
    return sql<{ trader_id: number }>`SELECT trader_id FROM copies WHERE id = ${copyId}`;
  },

  /** What a follow checks of the follower (a deleted user: no row). */
  follower(userId: string): Sql<{ email_verified: boolean; kyc_status: string; blocked: boolean }> {
    return sql<{ email_verified: boolean; kyc_status: string; blocked: boolean }>`SELECT email_verified, kyc_status, blocked
       FROM ${usersTable} WHERE id = ${userId} AND deleted_at IS NULL`;
  },

  liveCopyCount(traderId: number): Sql<{ n: string }> {
    return sql<{ n: string }>`SELECT count(*) AS n FROM copies WHERE trader_id = ${traderId} AND status <> 'stopped'`;
  },

  /** A row when the follower has a live copy of the trader. */
  liveCopyOf(followerId: string, traderId: number): Sql<{ one: number }> {
    return sql<{ one: number }>`SELECT 1 AS one FROM copies WHERE follower_id = ${followerId} AND trader_id = ${traderId} AND status <> 'stopped' LIMIT 1`;
  },

  /** The copy keeps the trader's share of today (product.md §10); the trader row is locked by the follow. */
  insertCopy(copy: { followerId: string; traderId: number; invested: bigint; stopLossPct: number | null }): Sql<{ id: string }> {
    const invested = copy.invested.toString();
    return sql<{ id: string }>`INSERT INTO copies (follower_id, trader_id, status, invested, high_water_mark, stop_loss_pct, share_pct)
       VALUES (${copy.followerId}, ${copy.traderId}, 'active', ${invested}, ${invested}, ${copy.stopLossPct},
               (SELECT share_pct FROM trader_profiles WHERE id = ${copy.traderId})) RETURNING id`;
  },

  lockCopy(copyId: string): Sql<CopyRow> {
    return sql<CopyRow>`SELECT id, follower_id, trader_id, status, invested, high_water_mark, stop_loss_pct, take_profit_pct FROM copies WHERE id = ${copyId} FOR UPDATE`;
  },

  /** The copy's equity, and the size and count of its open positions. */
  copyFacts(copyId: string): Sql<{ equity: string | null; committed: string; open: string }> {
    return sql<{ equity: string | null; committed: string; open: string }>`SELECT (SELECT e.balance FROM ${walletQueries.copyEquity()} e WHERE e.copy_id = ${copyId}) AS equity,
              coalesce(sum(size), 0) AS committed, count(*) AS open
       FROM copy_positions WHERE copy_id = ${copyId} AND NOT settled`;
  },

  /** The patch's fields (those not undefined) and updated_at. */
  updateCopy(copyId: string, patch: CopyPatch): Sql<never> {
    const set = sqlSet({
      updated_at: sql`now()`,
      status: patch.status,
      invested: patch.invested?.toString(),
      high_water_mark: patch.highWaterMark?.toString(),
      stop_reason: patch.stopReason,
      stop_loss_pct: patch.stopLossPct,
      take_profit_pct: patch.takeProfitPct,
      ended_at: patch.ended ? sql`now()` : undefined,
    });
    return sql`UPDATE copies SET ${set} WHERE id = ${copyId}`;
  },

  /**
   * One of the user's positions, through the user's copies (their copy_id index): the positions' id has no index of
   * its own (the key is (trade_id, copy_id)), and someone else's position is not found, like a missing one.
   */
  positionOf(userId: string, positionId: string): Sql<PositionRow> {
    return sql<PositionRow>`SELECT p.id::text AS id, p.copy_id, p.follower_id, t.trader_id, t.symbol, p.settled
       FROM copies c JOIN copy_positions p ON p.copy_id = c.id JOIN trader_trades t ON t.id = p.trade_id
       WHERE c.follower_id = ${userId} AND p.id = ${positionId}`;
  },

  openSymbols(copyId: string): Sql<{ symbol: string }> {
    return sql<{ symbol: string }>`SELECT DISTINCT t.symbol FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id
       WHERE p.copy_id = ${copyId} AND NOT p.settled ORDER BY t.symbol`;
  },

  /** The live copies of the trader whose profit share differs from `share`, with the trader's name. */
  shareHolders(traderId: number, share: number): Sql<ShareHolderRow> {
    return sql<ShareHolderRow>`SELECT c.id, c.follower_id, c.share_pct, tp.name
       FROM copies c JOIN trader_profiles tp ON tp.id = c.trader_id
       WHERE c.trader_id = ${traderId} AND c.status <> 'stopped' AND c.share_pct <> ${share}`;
  },

  /** The follower's live copy takes its trader's current share (the copy row locked first); no row when it is not theirs or has ended. */
  acceptShare(followerId: string, copyId: string): Sql<{ share: number; previous: number }> {
    return sql<{ share: number; previous: number }>`WITH old AS (SELECT id, share_pct FROM copies WHERE id = ${copyId} AND follower_id = ${followerId} AND status <> 'stopped' FOR UPDATE)
       UPDATE copies c SET share_pct = tp.share_pct, updated_at = now()
         FROM old, trader_profiles tp WHERE c.id = old.id AND tp.id = c.trader_id
       RETURNING c.share_pct AS share, old.share_pct AS previous`;
  },

  setDailyLossLimit(userId: string, limit: bigint | null): Sql<never> {
    return sql`INSERT INTO copy_settings (user_id, daily_loss_limit) VALUES (${userId}, ${limit === null ? null : limit.toString()})
       ON CONFLICT (user_id) DO UPDATE SET daily_loss_limit = EXCLUDED.daily_loss_limit, updated_at = now()`;
  },
};
