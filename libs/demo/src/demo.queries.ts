import { sql, sqlArray, type Sql, type UsersTable } from '@mirrorline/shared';
import { walletQueries } from '@mirrorline/wallet/sql';
import { usersTable } from '@mirrorline/accounts/sql';

/**
 * The demo lib's own reads: the demo users, through accounts' published `usersTable` (its writes compose the
 * owners' /sql statements). Matched by username and the demo email domain, so a real user is never picked.
 */
export const demoQueries = {
  /**
   * The live demo copiers of these usernames with the domain, and whether their demo deposit (`depositType`,
   * reference `demo:<username>`) is already posted.
   */
  copiers(usernames: readonly string[], emailDomain: string, depositType: string): Sql<Pick<UsersTable, 'id' | 'username'> & { deposited: boolean }> {
    return sql<Pick<UsersTable, 'id' | 'username'> & { deposited: boolean }>`SELECT u.id, u.username,
              'demo:' || u.username IN ${walletQueries.postingReferences(depositType)} AS deposited
         FROM ${usersTable} u JOIN jsonb_to_recordset(${JSON.stringify(usernames.map((username) => ({ username })))}::jsonb) AS d(username text) ON d.username = u.username
        WHERE u.email LIKE ${`%@${emailDomain}`} AND u.deleted_at IS NULL ORDER BY u.username`;
  },

  /** The user with this email (a demo trader's). */
  userByEmail(email: string): Sql<Pick<UsersTable, 'id'>> {
    return sql<Pick<UsersTable, 'id'>>`SELECT id FROM ${usersTable} WHERE email = ${email}`;
  },

  /** The users of these usernames with the domain (the demo traders'). */
  usersByUsername(usernames: readonly string[], emailDomain: string): Sql<Pick<UsersTable, 'id' | 'username'>> {
    return sql<Pick<UsersTable, 'id' | 'username'>>`SELECT u.id, u.username FROM ${usersTable} u
       WHERE u.username = ANY (${sqlArray(usernames)}::text[]) AND u.email LIKE ${`%@${emailDomain}`}`;
  },
};
