import type { TransactionContext } from '@mirrorline/shared';
import type { CopyStatus } from '../../domain/copy';

export interface TraderRef {
  id: number;
  userId: string;
  name: string;
  sharePct: number;
  maxCopiers: number;
  /** the smallest follow this trader accepts, cents (≥ MIN_COPY_AMOUNT) */
  minCopyAmount: number;
  /** public and open to new copiers and new trades: still a Trader, not blocked, not deleted */
  listed: boolean;
  /** the trader's user is KYC Verified: needed to be public (listed, followed) and to open trades */
  kycVerified: boolean;
}

/** A copy as the lifecycle use cases need it; amounts in cents. */
export interface CopyState {
  id: string;
  followerId: string;
  traderId: number;
  status: CopyStatus;
  invested: bigint;
  highWaterMark: bigint;
  stopLossPct: number | null;
  takeProfitPct: number | null;
  /** balance of the copy_equity account */
  equity: bigint;
  /** Σ sizes of open positions */
  committed: bigint;
  openPositions: number;
}

export interface CopyPatch {
  status?: CopyStatus;
  invested?: bigint;
  highWaterMark?: bigint;
  stopReason?: 'user' | 'stop_loss' | 'take_profit' | null;
  stopLossPct?: number | null;
  takeProfitPct?: number | null;
  ended?: boolean;
}

/** A copied position as its owner's actions need it. */
export interface PositionRef {
  id: string;
  copyId: string;
  followerId: string;
  traderId: number;
  symbol: string;
  settled: boolean;
}

export interface FollowerFacts {
  emailVerified: boolean;
  kycStatus: string;
  blocked: boolean;
}

/**
 * Copies and the locks that order them. Every copy-changing use case takes the trader's row lock first
 * (`share` for one copy's change, `exclusive` for follow, open and close), so a fan-out or a settlement,
 * which works on all the trader's copies at once, never interleaves with a change to one of them.
 */
export abstract class CopyRepository {
  abstract lockTrader(tx: TransactionContext, traderId: number, mode: 'share' | 'exclusive'): Promise<TraderRef | null>;
  abstract traderOfCopy(tx: TransactionContext, copyId: string): Promise<number | null>;
  abstract follower(tx: TransactionContext, userId: string): Promise<FollowerFacts | null>;
  abstract liveCopyCount(tx: TransactionContext, traderId: number): Promise<number>;
  abstract hasLiveCopy(tx: TransactionContext, followerId: string, traderId: number): Promise<boolean>;
  abstract insertCopy(
    tx: TransactionContext,
    copy: { followerId: string; traderId: number; invested: bigint; stopLossPct: number | null },
  ): Promise<string>;
  /** Locks the copy row (FOR UPDATE) and reads its equity and open positions in the same transaction. */
  abstract lockCopy(tx: TransactionContext, copyId: string): Promise<CopyState | null>;
  abstract updateCopy(tx: TransactionContext, copyId: string, patch: CopyPatch): Promise<void>;
  /** One of the user's copied positions (read in this transaction: after lockCopy, what is committed now), or null. */
  abstract position(tx: TransactionContext, userId: string, positionId: string): Promise<PositionRef | null>;
  /** The symbols of a copy's open positions (a copy's stop that closes them needs a quote of each). */
  abstract openSymbols(tx: TransactionContext, copyId: string): Promise<string[]>;
  abstract setDailyLossLimit(tx: TransactionContext, userId: string, limit: bigint | null): Promise<void>;
}
