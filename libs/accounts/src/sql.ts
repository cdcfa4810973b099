import { sql, type Sql } from '@mirrorline/shared';
import { usersQueries } from './adapters/persistence/users.queries';

// The SQL that accounts publishes to the contexts above it (imported as @mirrorline/accounts/sql):
// accounts owns `users` (docs/table-ownership.json), so another lib's statement names the table only
// through these fragments, and reads the admin totals through the named builder below.

/** The `users` table, to join in another context's statement: `JOIN ${usersTable} u ON u.id = …`. */
export const usersTable: Sql<never> = sql`users`;

export const accountsQueries = {
  /** One user, as the demo lib's seeder writes its traders and copiers. */
  insertUser: usersQueries.insertUser,
  /** The admin overview's user counts (deleted users excluded). */
  userTotals(): Sql<{ users: string; verified: string; blocked: string; kyc_pending: string; kyc_verified: string; traders: string; admins: string }> {
    return sql`SELECT count(*) AS users,
                      count(*) FILTER (WHERE email_verified) AS verified,
                      count(*) FILTER (WHERE blocked) AS blocked,
                      count(*) FILTER (WHERE kyc_status = 'Pending') AS kyc_pending,
                      count(*) FILTER (WHERE kyc_status = 'Verified') AS kyc_verified,
                      count(*) FILTER (WHERE 'Trader' = ANY (roles)) AS traders,
                      count(*) FILTER (WHERE 'Admin' = ANY (roles)) AS admins
                 FROM users WHERE deleted_at IS NULL`;
  },
};
