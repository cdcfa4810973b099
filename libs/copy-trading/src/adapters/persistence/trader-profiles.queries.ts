import { sql, sqlSet, type Sql } from '@mirrorline/shared';
import type { TraderProfilePatch } from '../../application/ports/trader-profiles';
import { usersTable } from '@mirrorline/accounts/sql';

/**
 * Every statement of SqlTraderProfiles, named: the adapter only runs them, and
 * test/medium/named-queries.medium-spec.ts prepares each against a freshly migrated database.
 */
export const traderProfilesQueries = {
  ensureProfile(userId: string): Sql<never> {
    return sql`INSERT INTO trader_profiles (user_id, name, description)
               SELECT id, left(firstname || ' ' || lastname, 80), 'Trader on Mirrorline.' FROM ${usersTable} WHERE id = ${userId}
               ON CONFLICT (user_id) DO NOTHING`;
  },
  traderIdOfUser(userId: string): Sql<{ id: number }> {
    return sql`SELECT id FROM trader_profiles WHERE user_id = ${userId}`;
  },
  exists(traderId: number): Sql<{ one: number }> {
    return sql`SELECT 1 AS one FROM trader_profiles WHERE id = ${traderId}`;
  },
  /** The patch's defined fields (at least one: sqlSet refuses an empty SET list), and updated_at. */
  update(traderId: number, patch: TraderProfilePatch): Sql<never> {
    const set = sqlSet({
      name: patch.name,
      description: patch.description,
      trader_type: patch.traderType,
      strategy_summary: patch.strategySummary,
      strategy_explanation: patch.strategyExplanation,
      image: patch.image,
      share_pct: patch.share,
      max_copiers: patch.maxCopiers,
      min_copy_amount: patch.minCopyAmount,
      updated_at: sql`now()`,
    });
    return sql`UPDATE trader_profiles SET ${set} WHERE id = ${traderId}`;
  },
};
