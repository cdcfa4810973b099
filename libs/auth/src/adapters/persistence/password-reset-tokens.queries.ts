import { sql, type PasswordResetTokensTable, type Sql } from '@mirrorline/shared';

/** The statements of password reset tokens (SqlPasswordResetTokens runs them). */
export const passwordResetTokensQueries = {
  insert(token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Sql<never> {
    return sql`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at)
       VALUES (${token.tokenHash}, ${token.userId}, ${token.expiresAt}, ${token.createdAt})`;
  },

  /** Spends the token if it is unused and unexpired, in one statement (of two concurrent resets only one sees it unused). */
  consume(tokenHash: string, now: Date): Sql<Pick<PasswordResetTokensTable, 'user_id'>> {
    return sql<Pick<PasswordResetTokensTable, 'user_id'>>`UPDATE password_reset_tokens SET used_at = ${now}
       WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now} RETURNING user_id`;
  },
};
