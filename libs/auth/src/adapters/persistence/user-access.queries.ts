import { sql, type Sql } from '@mirrorline/shared';
import type { Role } from '@mirrorline/accounts';
import { usersTable } from '@mirrorline/accounts/sql';

/** What the access guard reads of a user: roles, `tokens_valid_after` in whole microseconds (text), 2FA on. */
export type UserAccessRow = { roles: Role[]; valid_after_us: string | null; mfa: boolean };

/** The access guard's read of a user (UserAccessCache runs it). */
export const userAccessQueries = {
  /** The user's access facts; no row when the user is blocked, deleted or unknown. */
  access(userId: string): Sql<UserAccessRow> {
    return sql<UserAccessRow>`SELECT u.roles, (extract(epoch FROM u.tokens_valid_after) * 1000000)::bigint::text AS valid_after_us,
              (m.enabled_at IS NOT NULL) AS mfa
         FROM ${usersTable} u LEFT JOIN user_mfa m ON m.user_id = u.id
        WHERE u.id = ${userId} AND NOT u.blocked AND u.deleted_at IS NULL`;
  },
};
