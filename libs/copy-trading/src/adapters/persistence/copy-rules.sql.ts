import { sql, type Sql } from '@mirrorline/shared';

/**
 * The money rules that SQL applies set-based, each written once (their oracle is domain/copy-math.ts; the
 * property specs pin the two together).
 */

/**
 * Scalar: Σ pnl of the follower's positions settled today (UTC), the daily loss limit's measure. `follower`
 * is a user id, or a column of the caller's query (`sql\`s.user_id\``).
 */
export function realisedCopyPnlToday(follower: Sql<unknown> | string): Sql<never> {
  return sql`(SELECT coalesce(sum(p.pnl), 0) FROM copies uc JOIN copy_positions p ON p.copy_id = uc.id
              WHERE uc.follower_id = ${follower} AND p.settled
                AND p.settled_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
}

/** Condition: the daily loss limit is reached (copy-math.ts dailyLossLimitReached): −realised ≥ limit. */
export function dailyLossLimitReachedSql(realised: Sql<unknown>, limit: Sql<unknown>): Sql<never> {
  return sql`(-${realised} >= ${limit})`;
}
