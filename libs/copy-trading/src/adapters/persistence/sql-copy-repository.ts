import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { CopyRepository, type CopyPatch, type CopyState, type FollowerFacts, type PositionRef, type TraderRef } from '../../application/ports/copy-repository';
import { copiesQueries as q, type TraderRow } from './copies.queries';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

@Injectable()
export class SqlCopyRepository extends CopyRepository {
  async lockTrader(tx: TransactionContext, traderId: number, mode: 'share' | 'exclusive'): Promise<TraderRef | null> {
    // FOR SHARE (one copy changes) conflicts with FOR NO KEY UPDATE (fan-out, settlement, follow) but not
    // with itself, so followers of one trader do not queue behind each other, only behind the trader.
    // The lock is taken whether or not the trader is listed (copies of a blocked trader still stop,
    // withdraw and settle); OF tp: the user row is only read, never locked.
    const [row] = await runSql(emOf(tx), q.lockTrader(traderId, mode));
    return row ? toTraderRef(row) : null;
  }

  async traderOfCopy(tx: TransactionContext, copyId: string): Promise<number | null> {
    if (!isUuid(copyId)) return null;
    const [row] = await runSql(emOf(tx), q.traderOfCopy(copyId));
    return row ? Number(row.trader_id) : null;
  }

  async follower(tx: TransactionContext, userId: string): Promise<FollowerFacts | null> {
    const [row] = await runSql(emOf(tx), q.follower(userId));
    return row ? { emailVerified: row.email_verified, kycStatus: row.kyc_status, blocked: row.blocked } : null;
  }

  async liveCopyCount(tx: TransactionContext, traderId: number): Promise<number> {
    const [row] = await runSql(emOf(tx), q.liveCopyCount(traderId));
    return Number(row.n);
  }

  async hasLiveCopy(tx: TransactionContext, followerId: string, traderId: number): Promise<boolean> {
    const rows = await runSql(emOf(tx), q.liveCopyOf(followerId, traderId));
    return rows.length > 0;
  }

  async insertCopy(
    tx: TransactionContext,
    copy: { followerId: string; traderId: number; invested: bigint; stopLossPct: number | null },
  ): Promise<string> {
    const [row] = await runSql(emOf(tx), q.insertCopy(copy));
    return row.id;
  }

  async lockCopy(tx: TransactionContext, copyId: string): Promise<CopyState | null> {
    if (!isUuid(copyId)) return null;
    const em = emOf(tx);
    const [row] = await runSql(em, q.lockCopy(copyId));
    if (!row) return null;
    // A separate statement after the lock: in READ COMMITTED it sees whatever committed while we waited.
    const [facts] = await runSql(em, q.copyFacts(copyId));
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
    await runSql(emOf(tx), q.updateCopy(copyId, patch));
  }

  async position(tx: TransactionContext, userId: string, positionId: string): Promise<PositionRef | null> {
    if (!/^[1-9][0-9]{0,17}$/.test(positionId)) return null;
    const [row] = await runSql(emOf(tx), q.positionOf(userId, positionId));
    return row ? { id: row.id, copyId: row.copy_id, followerId: row.follower_id, traderId: Number(row.trader_id), symbol: row.symbol, settled: row.settled } : null;
  }

  async openSymbols(tx: TransactionContext, copyId: string): Promise<string[]> {
    const rows = await runSql(emOf(tx), q.openSymbols(copyId));
    return rows.map((r) => r.symbol);
  }

  async setDailyLossLimit(tx: TransactionContext, userId: string, limit: bigint | null): Promise<void> {
    await runSql(emOf(tx), q.setDailyLossLimit(userId, limit));
  }
}
