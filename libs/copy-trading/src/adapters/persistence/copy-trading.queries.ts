import { sql, sqlArray, type Sql } from '@mirrorline/shared';
import { walletQueries } from '@mirrorline/wallet/sql';

/**
 * Copy trading's exported queries (docs/architecture.md, "Table ownership"): the context owns
 * `trader_profiles`, `copies`, `copy_positions` and `trader_trades`; another context that needs their
 * rows composes these fragments in its own SQL (`sql\`… ${copyTradingQueries.copiedTradesOf(id)} …\``)
 * and never names the tables.
 */
export const copyTradingQueries = {
  /** Scalar sub-select: the user's traderID, or NULL without a profile. */
  traderIdOf(userId: string): Sql<never> {
    return sql`(SELECT id FROM trader_profiles WHERE user_id = ${userId})`;
  },

  /** Statement: the traderIDs of a page of users (only those with a profile). */
  traderIdsOf(userIds: readonly string[]): Sql<{ id: number; user_id: string }> {
    return sql`SELECT id, user_id FROM trader_profiles WHERE user_id = ANY(${sqlArray(userIds)}::uuid[])`;
  },

  /**
   * Statement: the user's profile id, locked FOR NO KEY UPDATE — the lock copy trading takes to follow a
   * trader or open a trade, so a follow or a trade racing the caller waits for its commit.
   */
  lockTraderProfileOf(userId: string): Sql<{ id: number }> {
    return sql`SELECT id FROM trader_profiles WHERE user_id = ${userId} FOR NO KEY UPDATE`;
  },

  /** Statement: a trader's live copies and open trades. */
  traderExposure(traderId: number): Sql<{ copies: string; trades: string }> {
    return sql`SELECT (SELECT count(*) FROM copies WHERE trader_id = ${traderId} AND status <> 'stopped') AS copies,
                      (SELECT count(*) FROM trader_trades WHERE trader_id = ${traderId} AND status = 'open') AS trades`;
  },

  /** Statement (and relation): the follower's newest 200 copies with their equity, newest first. */
  copiesOfFollower(userId: string): Sql<{ id: string; trader_id: number; status: string; equity: string | null; created_at: Date }> {
    return sql`SELECT c.id, c.trader_id, c.status, a.balance AS equity, c.created_at
                 FROM copies c LEFT JOIN ${walletQueries.copyEquity()} a ON a.copy_id = c.id
                WHERE c.follower_id = ${userId} ORDER BY c.created_at DESC LIMIT 200`;
  },

  /** Statement: the follower's copies that are not stopped. */
  openCopiesCount(userId: string): Sql<{ n: string }> {
    return sql`SELECT count(*) AS n FROM copies WHERE follower_id = ${userId} AND status <> 'stopped'`;
  },

  /**
   * Statement (and scalar sub-select in parentheses): the positions ever copied for the follower. Through the
   * follower's copies and the positions' copy_id index: copy_positions has no follower index, which would cost
   * every fan-out of 100,000 positions 100,000 random index inserts (bench:fanout).
   */
  copiedTradesCount(userId: string): Sql<{ n: string }> {
    return sql`SELECT count(*) AS n FROM copies c JOIN copy_positions p ON p.copy_id = c.id WHERE c.follower_id = ${userId}`;
  },

  /** Statement: all copies, and those not stopped. */
  copyTotals(): Sql<{ total: string; active: string }> {
    return sql`SELECT count(*) AS total, count(*) FILTER (WHERE status <> 'stopped') AS active FROM copies`;
  },
};
