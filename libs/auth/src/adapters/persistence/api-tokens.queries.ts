import { sql, sqlArray, type ApiTokensTable, type Sql, type UsersTable } from '@mirrorline/shared';
import type { Role } from '@mirrorline/accounts';
import { usersTable } from '@mirrorline/accounts/sql';

export type ApiTokenRow = Pick<ApiTokensTable, 'id' | 'name' | 'scopes' | 'prefix' | 'created_at' | 'last_used_at'>;

/** A live token with its owner (`stale`: "last used" is over a minute old, so it is written again). */
export type ApiTokenOwnerRow = Pick<ApiTokensTable, 'id' | 'user_id' | 'scopes'> & Pick<UsersTable, 'email'> & { roles: Role[]; stale: boolean };

/** A token counts when it is not revoked and its owner is neither blocked nor deleted (alias t = api_tokens, u = users). */
const LIVE_OWNER = sql`t.revoked_at IS NULL AND NOT u.blocked AND u.deleted_at IS NULL`;

/** The statements of personal API tokens (SqlApiTokenStore and SqlActiveUserCheck run them). */
export const apiTokensQueries = {
  /** The user's tokens not revoked, newest first. */
  listLive(userId: string): Sql<ApiTokenRow> {
    return sql<ApiTokenRow>`SELECT id, name, scopes, prefix, created_at, last_used_at FROM api_tokens
       WHERE user_id = ${userId} AND revoked_at IS NULL ORDER BY created_at DESC`;
  },

  countLive(userId: string): Sql<{ n: string }> {
    return sql<{ n: string }>`SELECT count(*) AS n FROM api_tokens WHERE user_id = ${userId} AND revoked_at IS NULL`;
  },

  insert(t: { userId: string; name: string; scopes: readonly string[]; tokenHash: string; prefix: string; createdAt: Date }): Sql<Pick<ApiTokensTable, 'id'>> {
    return sql<Pick<ApiTokensTable, 'id'>>`INSERT INTO api_tokens (user_id, name, scopes, token_hash, prefix, created_at)
       VALUES (${t.userId}, ${t.name}, ${sqlArray(t.scopes)}::text[], ${t.tokenHash}, ${t.prefix}, ${t.createdAt}) RETURNING id`;
  },

  /** Revokes the user's token unless it already is (a row back: revoked now). */
  revoke(userId: string, id: string, at: Date): Sql<Pick<ApiTokensTable, 'id'>> {
    return sql<Pick<ApiTokensTable, 'id'>>`UPDATE api_tokens SET revoked_at = ${at} WHERE id = ${id} AND user_id = ${userId} AND revoked_at IS NULL RETURNING id`;
  },

  /** Revokes every live token of the user (one row back per token). */
  revokeAllOfUser(userId: string, at: Date): Sql<Pick<ApiTokensTable, 'id'>> {
    return sql<Pick<ApiTokensTable, 'id'>>`UPDATE api_tokens SET revoked_at = ${at} WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id`;
  },

  /** The live token with this hash, and its owner. */
  owner(tokenHash: string): Sql<ApiTokenOwnerRow> {
    return sql<ApiTokenOwnerRow>`SELECT t.id, t.user_id, u.email, u.roles, t.scopes,
              (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale
         FROM api_tokens t JOIN ${usersTable} u ON u.id = t.user_id
        WHERE t.token_hash = ${tokenHash} AND ${LIVE_OWNER}`;
  },

  /** "Last used" now. */
  touch(id: string): Sql<never> {
    return sql`UPDATE api_tokens SET last_used_at = now() WHERE id = ${id}`;
  },

  /** Which of these tokens are still live. */
  live(ids: readonly string[]): Sql<Pick<ApiTokensTable, 'id'>> {
    return sql<Pick<ApiTokensTable, 'id'>>`SELECT t.id FROM api_tokens t JOIN ${usersTable} u ON u.id = t.user_id
       WHERE t.id = ANY(${sqlArray(ids)}::uuid[]) AND ${LIVE_OWNER}`;
  },
};
