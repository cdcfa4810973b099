import { Sql, sql } from '@mirrorline/shared';
import { usersTable } from '@mirrorline/accounts/sql';
import { PUBLIC_TRADER } from './copies.queries';

/** PUBLIC_TRADER (listed, KYC verified) as a fragment of the typed tag, over `tp` (trader_profiles) and `u` (accounts' `users`, through usersTable). */
export const PUBLIC_TRADER_SQL: Sql<never> = new Sql(PUBLIC_TRADER, []);

/** The public-trader check the trader pages share, planned by test/medium/named-queries.medium-spec.ts. */
export const publicTradersQueries = {
  /** Statement: the trader's id when the trader is public, else no row. */
  publicTraderId(traderId: number): Sql<{ id: number }> {
    return sql`SELECT tp.id FROM trader_profiles tp JOIN ${usersTable} u ON u.id = tp.user_id WHERE tp.id = ${traderId} AND ${PUBLIC_TRADER_SQL}`;
  },
};
