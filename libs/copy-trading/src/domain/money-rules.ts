import { sql, type Sql } from '@mirrorline/shared';
import type { CopyStatus, SkipReason } from './copy';
import { scalePrice, type TradeSide } from './price';

/**
 * The money rules of copy trading (product.md §5, docs/copy-trading.md "Money rules"), each written once in
 * TypeScript and once in SQL, side by side. The TypeScript function is the rule for one copy (the in-memory engine,
 * the simulation, the property specs); the SQL fragment is the same rule set-based, parameterised by the column
 * expressions of the statement that composes it (fan-out, settlement, close-out, the price watcher's scan).
 * Amounts are bigint cents, prices exact numerics; test/medium/money-rules.medium-spec.ts evaluates every fragment
 * against its twin on generated rows.
 */

/** A column expression of the composing statement (`sql\`p.size\``) or a bound value (`sql\`${pct}::bigint\``). */
export type SqlExpr = Sql<unknown>;

// ─── Position size (fan-out, copy open trades) ─────────────────────────────────────────────────────────────────

/**
 * Size of a copied position: floor(freeEquity × allocationPct / 100), freeEquity = the copy's equity − Σ its open
 * positions. Free equity below zero counts as zero, so integer division (which truncates) is the floor.
 */
export function positionSize(freeEquity: bigint, allocationPct: number): bigint {
  if (freeEquity <= 0n) return 0n;
  return (freeEquity * BigInt(allocationPct)) / 100n;
}

/** SQL twin of positionSize (bigint): `freeEquity` and `allocationPct` bigint expressions. */
export function positionSizeSql(freeEquity: SqlExpr, allocationPct: SqlExpr): Sql<never> {
  return sql`(greatest(${freeEquity}, 0) * ${allocationPct} / 100)`;
}

/**
 * Why a live copy gets no position on a new trade, in this order: paused, stopping, the follower's daily loss
 * limit reached today, a size of zero; null = it is copied.
 */
export function skipReason(status: CopyStatus, dailyLossLimitReached: boolean, size: bigint): SkipReason | null {
  if (status === 'paused') return 'paused';
  if (status === 'stopping') return 'stopping';
  if (dailyLossLimitReached) return 'daily_loss_limit';
  return size <= 0n ? 'zero_size' : null;
}

/** SQL twin of skipReason (text, NULL = copied). */
export function skipReasonSql(status: SqlExpr, dailyLossLimitReached: SqlExpr, size: SqlExpr): Sql<never> {
  return sql`CASE WHEN ${status} = 'paused' THEN 'paused'
                  WHEN ${status} = 'stopping' THEN 'stopping'
                  WHEN ${dailyLossLimitReached} THEN 'daily_loss_limit'
                  WHEN ${size} <= 0 THEN 'zero_size' END`;
}

// ─── pnl (settlement, close-out, marks) ───────────────────────────────────────────────────────────────────────

/**
 * pnl of one position in cents: size × pnlPct / 100 with pnlPct = (exit − entry) / entry × 100 (negated
 * for sell), i.e. size × (exit − entry) / entry, computed exactly and rounded toward zero (BigInt division
 * truncates). A position can lose at most its size (a sell whose price more than doubles is closed out at
 * −100 %), so no copy's equity can be driven below what its other positions commit.
 */
export function positionPnl(size: bigint, entryPrice: string, exitPrice: string, side: TradeSide): bigint {
  const entry = scalePrice(entryPrice);
  const exit = scalePrice(exitPrice);
  const sign = side === 'buy' ? 1n : -1n;
  const pnl = (size * (exit - entry) * sign) / entry;
  return pnl < -size ? -size : pnl;
}

/**
 * SQL twin of positionPnl (bigint): numeric `div` is exact and truncates toward zero, never via the rounded pnl %.
 * `fill` and `exit` numeric expressions, `sign` +1 (buy) or −1 (sell).
 */
export function positionPnlSql(size: SqlExpr, fill: SqlExpr, exit: SqlExpr, sign: SqlExpr): Sql<never> {
  return sql`greatest(-${size}, div(${size}::numeric * (${exit} - ${fill}) * ${sign}, ${fill}))::bigint`;
}

/** The sign of a trade's pnl: +1 for a buy, −1 for a sell (`side` a text expression). */
export function sideSignSql(side: SqlExpr): Sql<never> {
  return sql`CASE WHEN ${side} = 'buy' THEN 1 ELSE -1 END`;
}

/**
 * Unrealized pnl of an open position marked at `mark` (the close-side quote): exactly the pnl a close at
 * that price would settle (size × (mark − fill) / fill, negated for sell, toward zero, never below −size).
 */
export function unrealizedPnl(size: bigint, fillPrice: string, markPrice: string, side: TradeSide): bigint {
  return positionPnl(size, fillPrice, markPrice, side);
}

// ─── Profit share and high-water mark (settlement, close-out) ─────────────────────────────────────────────────

export interface ProfitShare {
  /** cents moved from the copy's equity to the trader's cash */
  fee: bigint;
  /** the copy's high-water mark after the settlement */
  highWaterMark: bigint;
}

/**
 * High-water-mark profit share: the trader earns share % of the equity gain above the mark (floored to
 * the cent, in the follower's favour); the mark then moves to the equity left after the fee, so the
 * same gain is never charged twice and a loss has to be recovered before the trader earns again.
 */
export function profitShare(equityAfterPnl: bigint, highWaterMark: bigint, sharePct: number): ProfitShare {
  const gain = equityAfterPnl - highWaterMark;
  if (gain <= 0n) return { fee: 0n, highWaterMark };
  const fee = (gain * BigInt(sharePct)) / 100n;
  return { fee, highWaterMark: equityAfterPnl - fee };
}

/** SQL: the equity after the pnl is above the mark (the fee is charged and the mark moves). */
export function aboveHighWaterMarkSql(equityAfterPnl: SqlExpr, highWaterMark: SqlExpr): Sql<never> {
  return sql`(${equityAfterPnl}) > ${highWaterMark}`;
}

/** SQL twin of profitShare's fee (bigint). */
export function profitShareFeeSql(equityAfterPnl: SqlExpr, highWaterMark: SqlExpr, sharePct: SqlExpr): Sql<never> {
  return sql`CASE WHEN ${aboveHighWaterMarkSql(equityAfterPnl, highWaterMark)}
                  THEN ((${equityAfterPnl}) - ${highWaterMark}) * ${sharePct} / 100 ELSE 0 END`;
}

/** SQL twin of profitShare's highWaterMark (bigint), given the fee profitShareFeeSql computed. */
export function highWaterMarkAfterSql(equityAfterPnl: SqlExpr, highWaterMark: SqlExpr, fee: SqlExpr): Sql<never> {
  return sql`CASE WHEN ${aboveHighWaterMarkSql(equityAfterPnl, highWaterMark)} THEN (${equityAfterPnl}) - ${fee} ELSE ${highWaterMark} END`;
}

// ─── Stop loss and take profit of a copy (settlement, close-out, price watcher) ──────────────────────────────

/** Stop loss: the copy stops once its equity falls to stopLossPct % of what was invested. */
export function stopLossHit(equity: bigint, invested: bigint, stopLossPct: number | null): boolean {
  if (stopLossPct === null || invested <= 0n) return false;
  return equity * 100n <= invested * BigInt(stopLossPct);
}

/** SQL twin of stopLossHit (boolean; false, not NULL, without a stop loss). */
export function stopLossHitSql(equity: SqlExpr, invested: SqlExpr, stopLossPct: SqlExpr): Sql<never> {
  return sql`(${stopLossPct} IS NOT NULL AND ${invested} > 0 AND (${equity}) * 100 <= ${invested} * ${stopLossPct})`;
}

/** Copy take profit (product.md §12.1): the copy stops once its equity reaches invested × (1 + takeProfitPct / 100). */
export function takeProfitHit(equity: bigint, invested: bigint, takeProfitPct: number | null): boolean {
  if (takeProfitPct === null || invested <= 0n) return false;
  return equity * 100n >= invested * BigInt(100 + takeProfitPct);
}

/** SQL twin of takeProfitHit (boolean; false, not NULL, without a take profit). */
export function takeProfitHitSql(equity: SqlExpr, invested: SqlExpr, takeProfitPct: SqlExpr): Sql<never> {
  return sql`(${takeProfitPct} IS NOT NULL AND ${invested} > 0 AND (${equity}) * 100 >= ${invested} * (100 + ${takeProfitPct}))`;
}

// ─── Copy end (settlement, close-out) ─────────────────────────────────────────────────────────────────────────

/**
 * A copy ends (it stops and its equity returns to cash) at a settlement once it was stopping already or its
 * stop loss trips there (stopLossHit on the equity after the pnl and the fee; a stopping copy is not checked
 * again), and no position in another open trade is left.
 */
export function copyEnds(stoppingBefore: boolean, stopLossTripped: boolean, otherOpenPositions: number): boolean {
  return (stoppingBefore || stopLossTripped) && otherOpenPositions === 0;
}

/**
 * SQL twin of copyEnds (boolean). `otherOpenLeft` is a boolean expression (an EXISTS), evaluated only for a copy
 * that stops.
 */
export function copyEndsSql(stoppingBefore: SqlExpr, tripped: SqlExpr, otherOpenLeft: SqlExpr): Sql<never> {
  return sql`CASE WHEN (${stoppingBefore}) OR (${tripped}) THEN NOT (${otherOpenLeft}) ELSE false END`;
}

// ─── Daily loss limit (fan-out, copies/settings) ──────────────────────────────────────────────────────────────

/**
 * Daily loss limit: a follower's copies take no new trade once the realised pnl of their positions settled
 * today (UTC) is a loss of at least the limit (realisedCopyPnlToday measures it, set-based).
 */
export function dailyLossLimitReached(realisedToday: bigint, limit: bigint | null): boolean {
  return limit !== null && -realisedToday >= limit;
}

/** SQL twin of dailyLossLimitReached (boolean; false, not NULL, without a limit). */
export function dailyLossLimitReachedSql(realised: SqlExpr, limit: SqlExpr): Sql<never> {
  return sql`(${limit} IS NOT NULL AND -(${realised}) >= ${limit})`;
}

/**
 * Scalar: Σ pnl of the follower's positions settled today (UTC), the daily loss limit's measure. `follower`
 * is a user id, or a column of the caller's query (`sql\`s.user_id\``).
 */
export function realisedCopyPnlToday(follower: SqlExpr | string): Sql<never> {
  return sql`(SELECT coalesce(sum(p.pnl), 0) FROM copies uc JOIN copy_positions p ON p.copy_id = uc.id
              WHERE uc.follower_id = ${follower} AND p.settled
                AND p.settled_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
}
