import { Injectable } from '@nestjs/common';
import { runSql, Sql, sql, sqlSet, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { walletQueries } from '@mirrorline/wallet/sql';
import { CopyRepository, type CopyPatch, type CopyState, type FollowerFacts, type PositionRef, type TraderRef } from '../../application/ports/copy-repository';
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

interface TraderRow {
  id: number;
  user_id: string;
  name: string;
  share_pct: number;
  max_copiers: number;
  min_copy_amount: string;
  listed: boolean;
  kyc_verified: boolean;
}

export const toTraderRef = (row: TraderRow): TraderRef => ({
  id: Number(row.id),
  userId: row.user_id,
  name: row.name,
  sharePct: Number(row.share_pct),
  maxCopiers: Number(row.max_copiers),
  minCopyAmount: Number(row.min_copy_amount),
  listed: row.listed,
  kycVerified: row.kyc_verified,
});

const traderRefColumns = new Sql<never>(TRADER_REF_COLUMNS, []);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

@Injectable()
export class SqlCopyRepository extends CopyRepository {
  async lockTrader(tx: TransactionContext, traderId: number, mode: 'share' | 'exclusive'): Promise<TraderRef | null> {
    // FOR SHARE (one copy changes) conflicts with FOR NO KEY UPDATE (fan-out, settlement, follow) but not
    // with itself, so followers of one trader do not queue behind each other, only behind the trader.
    // The lock is taken whether or not the trader is listed (copies of a blocked trader still stop,
    // withdraw and settle); OF tp: the user row is only read, never locked.
    const [row] = await runSql(
      emOf(tx),
      sql<TraderRow>`SELECT ${traderRefColumns}
       FROM trader_profiles tp JOIN ${usersTable} u ON u.id = tp.user_id WHERE tp.id = ${traderId}
       ${mode === 'share' ? sql`FOR SHARE OF tp` : sql`FOR NO KEY UPDATE OF tp`}`,
    );
    return row ? toTraderRef(row) : null;
  }

  async traderOfCopy(tx: TransactionContext, copyId: string): Promise<number | null> {
    if (!isUuid(copyId)) return null;
    const [row] = await runSql(emOf(tx), sql<{ trader_id: number }>`SELECT trader_id FROM copies WHERE id = ${copyId}`);
    return row ? Number(row.trader_id) : null;
  }

  async follower(tx: TransactionContext, userId: string): Promise<FollowerFacts | null> {
    const [row] = await runSql(
      emOf(tx),
      sql<{ email_verified: boolean; kyc_status: string; blocked: boolean }>`SELECT email_verified, kyc_status, blocked
       FROM ${usersTable} WHERE id = ${userId} AND deleted_at IS NULL`,
    );
    return row ? { emailVerified: row.email_verified, kycStatus: row.kyc_status, blocked: row.blocked } : null;
  }

  async liveCopyCount(tx: TransactionContext, traderId: number): Promise<number> {
    const [row] = await runSql(emOf(tx), sql<{ n: string }>`SELECT count(*) AS n FROM copies WHERE trader_id = ${traderId} AND status <> 'stopped'`);
    return Number(row.n);
  }

  async hasLiveCopy(tx: TransactionContext, followerId: string, traderId: number): Promise<boolean> {
    const rows = await runSql(
      emOf(tx),
      sql`SELECT 1 FROM copies WHERE follower_id = ${followerId} AND trader_id = ${traderId} AND status <> 'stopped' LIMIT 1`,
    );
    return rows.length > 0;
  }

  async insertCopy(
    tx: TransactionContext,
    copy: { followerId: string; traderId: number; invested: bigint; stopLossPct: number | null },
  ): Promise<string> {
    const invested = copy.invested.toString();
    const [row] = await runSql(
      emOf(tx),
      // The copy keeps the trader's share of today (product.md §10); the trader row is locked by the follow.
      sql<{ id: string }>`INSERT INTO copies (follower_id, trader_id, status, invested, high_water_mark, stop_loss_pct, share_pct)
       VALUES (${copy.followerId}, ${copy.traderId}, 'active', ${invested}, ${invested}, ${copy.stopLossPct},
               (SELECT share_pct FROM trader_profiles WHERE id = ${copy.traderId})) RETURNING id`,
    );
    return row.id;
  }

  async lockCopy(tx: TransactionContext, copyId: string): Promise<CopyState | null> {
    if (!isUuid(copyId)) return null;
    const em = emOf(tx);
    const [row] = await runSql(
      em,
      sql<{
        id: string; follower_id: string; trader_id: number; status: CopyStatus; invested: string; high_water_mark: string;
        stop_loss_pct: number | null; take_profit_pct: number | null;
      }>`SELECT id, follower_id, trader_id, status, invested, high_water_mark, stop_loss_pct, take_profit_pct FROM copies WHERE id = ${copyId} FOR UPDATE`,
    );
    if (!row) return null;
    // A separate statement after the lock: in READ COMMITTED it sees whatever committed while we waited.
    const [facts] = await runSql(
      em,
      sql<{ equity: string | null; committed: string; open: string }>`SELECT (SELECT e.balance FROM ${walletQueries.copyEquity()} e WHERE e.copy_id = ${copyId}) AS equity,
              coalesce(sum(size), 0) AS committed, count(*) AS open
       FROM copy_positions WHERE copy_id = ${copyId} AND NOT settled`,
    );
    return {
      id: row.id,
      followerId: row.follower_id,
      traderId: Number(row.trader_id),
      status: row.status,
      invested: BigInt(row.invested),
      highWaterMark: BigInt(row.high_water_mark),
      stopLossPct: row.stop_loss_pct === null ? null : Number(row.stop_loss_pct),
      takeProfitPct: row.take_profit_pct === null ? null : Number(row.take_profit_pct),
      equity: BigInt(facts.equity ?? 0),
      committed: BigInt(facts.committed),
      openPositions: Number(facts.open),
    };
  }

  async updateCopy(tx: TransactionContext, copyId: string, patch: CopyPatch): Promise<void> {
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
    await runSql(emOf(tx), sql`UPDATE copies SET ${set} WHERE id = ${copyId}`);
  }

  async position(tx: TransactionContext, userId: string, positionId: string): Promise<PositionRef | null> {
    if (!/^[1-9][0-9]{0,17}$/.test(positionId)) return null;
    // Through the user's copies (their copy_id index): the positions' id has no index of its own (the key is
    // (trade_id, copy_id)), and someone else's position is not found, like a missing one.
    const [row] = await runSql(
      emOf(tx),
      sql<{ id: string; copy_id: string; follower_id: string; trader_id: number; symbol: string; settled: boolean }>`SELECT p.id::text AS id, p.copy_id, p.follower_id, t.trader_id, t.symbol, p.settled
       FROM copies c JOIN copy_positions p ON p.copy_id = c.id JOIN trader_trades t ON t.id = p.trade_id
       WHERE c.follower_id = ${userId} AND p.id = ${positionId}`,
    );
    return row ? { id: row.id, copyId: row.copy_id, followerId: row.follower_id, traderId: Number(row.trader_id), symbol: row.symbol, settled: row.settled } : null;
  }

  async openSymbols(tx: TransactionContext, copyId: string): Promise<string[]> {
    const rows = await runSql(
      emOf(tx),
      sql<{ symbol: string }>`SELECT DISTINCT t.symbol FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id
       WHERE p.copy_id = ${copyId} AND NOT p.settled ORDER BY t.symbol`,
    );
    return rows.map((r) => r.symbol);
  }

  async setDailyLossLimit(tx: TransactionContext, userId: string, limit: bigint | null): Promise<void> {
    await runSql(
      emOf(tx),
      sql`INSERT INTO copy_settings (user_id, daily_loss_limit) VALUES (${userId}, ${limit === null ? null : limit.toString()})
       ON CONFLICT (user_id) DO UPDATE SET daily_loss_limit = EXCLUDED.daily_loss_limit, updated_at = now()`,
    );
  }
}
