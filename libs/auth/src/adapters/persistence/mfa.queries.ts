import { sql, sqlArray, type MfaChallengesTable, type MfaRecoveryCodesTable, type Sql, type UserMfaTable } from '@mirrorline/shared';

/** A user's 2FA row (`last_step`: a bigint, so text from pg). */
export type MfaRow = Pick<UserMfaTable, 'user_id' | 'secret_enc' | 'pending_secret_enc' | 'enabled_at' | 'last_step'>;

export type MfaChallengeRow = Pick<MfaChallengesTable, 'id' | 'user_id' | 'expires_at' | 'spent_at'>;

/** The statements of 2FA: the secret, the recovery codes and the sign-in challenges (SqlMfaStore runs them). */
export const mfaQueries = {
  /** The user's 2FA row (`lock`: FOR UPDATE, for a change that reads it first). */
  find(userId: string, lock: boolean): Sql<MfaRow> {
    return sql<MfaRow>`SELECT user_id, secret_enc, pending_secret_enc, enabled_at, last_step FROM user_mfa WHERE user_id = ${userId}${lock ? sql` FOR UPDATE` : sql``}`;
  },

  setPending(userId: string, pendingSecretEnc: string): Sql<never> {
    return sql`INSERT INTO user_mfa (user_id, pending_secret_enc) VALUES (${userId}, ${pendingSecretEnc})
               ON CONFLICT (user_id) DO UPDATE SET pending_secret_enc = excluded.pending_secret_enc`;
  },

  enable(userId: string, secretEnc: string, at: Date, lastStep: number): Sql<never> {
    return sql`UPDATE user_mfa SET secret_enc = ${secretEnc}, pending_secret_enc = NULL, enabled_at = ${at}, last_step = ${lastStep} WHERE user_id = ${userId}`;
  },

  setLastStep(userId: string, step: number): Sql<never> {
    return sql`UPDATE user_mfa SET last_step = ${step} WHERE user_id = ${userId}`;
  },

  deleteMfa(userId: string): Sql<never> {
    return sql`DELETE FROM user_mfa WHERE user_id = ${userId}`;
  },

  deleteRecoveryCodes(userId: string): Sql<never> {
    return sql`DELETE FROM mfa_recovery_codes WHERE user_id = ${userId}`;
  },

  insertRecoveryCodes(userId: string, hashes: readonly string[]): Sql<never> {
    return sql`INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT ${userId}, unnest(${sqlArray(hashes)}::text[])`;
  },

  /** Spends one unused code with this hash (a row back: it was there). */
  useRecoveryCode(userId: string, hash: string, at: Date): Sql<Pick<MfaRecoveryCodesTable, 'id'>> {
    return sql<Pick<MfaRecoveryCodesTable, 'id'>>`UPDATE mfa_recovery_codes SET used_at = ${at}
       WHERE id = (SELECT id FROM mfa_recovery_codes WHERE user_id = ${userId} AND code_hash = ${hash} AND used_at IS NULL LIMIT 1)
       RETURNING id`;
  },

  recoveryCodesLeft(userId: string): Sql<{ n: string }> {
    return sql<{ n: string }>`SELECT count(*) AS n FROM mfa_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`;
  },

  insertChallenge(c: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }): Sql<never> {
    return sql`INSERT INTO mfa_challenges (user_id, token_hash, expires_at, created_at) VALUES (${c.userId}, ${c.tokenHash}, ${c.expiresAt}, ${c.createdAt})`;
  },

  /** The user's challenges that expired over an hour before `at`: spent or not, they are useless. */
  deleteOldChallenges(userId: string, at: Date): Sql<never> {
    return sql`DELETE FROM mfa_challenges WHERE user_id = ${userId} AND expires_at < ${at}::timestamptz - interval '1 hour'`;
  },

  lockChallenge(tokenHash: string): Sql<MfaChallengeRow> {
    return sql<MfaChallengeRow>`SELECT id, user_id, expires_at, spent_at FROM mfa_challenges WHERE token_hash = ${tokenHash} FOR UPDATE`;
  },

  spendChallenge(id: string, at: Date): Sql<never> {
    return sql`UPDATE mfa_challenges SET spent_at = ${at} WHERE id = ${id}`;
  },
};
