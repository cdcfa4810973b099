import { sql, sqlArray, type LoginAccountFailuresTable, type LoginFailuresTable, type Sql } from '@mirrorline/shared';

export type LoginFailureRow = Pick<LoginFailuresTable, 'email' | 'failed_at'>;

/** An account's consecutive failures. */
export type AccountFailuresRow = { n: LoginAccountFailuresTable['consecutive'] };

/**
 * The statements of the sign-in throttles: `login_failures` (a timestamp log per key, an email's sign-ins and
 * SqlCodeTryLog's one-time-code keys) and `login_account_failures` (consecutive failures per account). Run by
 * SqlLoginFailureLog and SqlCodeTryLog.
 */
export const loginFailuresQueries = {
  /** The newest failures of these keys after `since` (at most `limit`). */
  failuresSince(keys: readonly string[], since: Date, limit: number): Sql<LoginFailureRow> {
    return sql<LoginFailureRow>`SELECT email, failed_at FROM login_failures
       WHERE email = ANY(${sqlArray(keys)}::text[]) AND failed_at > ${since} ORDER BY failed_at DESC LIMIT ${limit}`;
  },

  /** One failure at `at` for each key. */
  recordFailures(keys: readonly string[], at: Date): Sql<never> {
    return sql`INSERT INTO login_failures (email, failed_at) SELECT k, ${at} FROM unnest(${sqlArray(keys)}::text[]) AS k`;
  },

  clearKey(key: string): Sql<never> {
    return sql`DELETE FROM login_failures WHERE email = ${key}`;
  },

  /** Every key's rows that left the window (the once-a-minute sweep). */
  purgeBefore(windowStart: Date): Sql<never> {
    return sql`DELETE FROM login_failures WHERE failed_at <= ${windowStart}`;
  },

  /** Serialises the tries of one key until the transaction ends. */
  lockKey(key: string): Sql<never> {
    return sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
  },

  accountFailures(userId: string): Sql<AccountFailuresRow> {
    return sql<AccountFailuresRow>`SELECT consecutive AS n FROM login_account_failures WHERE user_id = ${userId}`;
  },

  /** One more consecutive failure of the account; returns the new count. */
  recordAccountFailure(userId: string): Sql<AccountFailuresRow> {
    return sql<AccountFailuresRow>`INSERT INTO login_account_failures (user_id, consecutive, updated_at) VALUES (${userId}, 1, now())
       ON CONFLICT (user_id) DO UPDATE SET consecutive = login_account_failures.consecutive + 1, updated_at = now()
       RETURNING consecutive AS n`;
  },

  clearAccount(userId: string): Sql<never> {
    return sql`DELETE FROM login_account_failures WHERE user_id = ${userId}`;
  },
};
