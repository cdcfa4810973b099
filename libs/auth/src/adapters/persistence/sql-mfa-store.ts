import { Injectable } from '@nestjs/common';
import { runSql, sql, sqlArray, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { MfaStore, type MfaChallengeRecord, type MfaRecord } from '../../application/ports/mfa-store';

interface MfaRow {
  user_id: string;
  secret_enc: string | null;
  pending_secret_enc: string | null;
  enabled_at: Date | null;
  last_step: string | number | null;
}

const toRecord = (row: MfaRow | undefined): MfaRecord | null =>
  row
    ? {
        userId: row.user_id,
        secretEnc: row.secret_enc,
        pendingSecretEnc: row.pending_secret_enc,
        enabledAt: row.enabled_at ? new Date(row.enabled_at) : null,
        lastStep: row.last_step === null ? null : Number(row.last_step),
      }
    : null;

@Injectable()
export class SqlMfaStore extends MfaStore {
  async findForUpdate(tx: TransactionContext, userId: string): Promise<MfaRecord | null> {
    const rows = await runSql(emOf(tx), sql<MfaRow>`SELECT * FROM user_mfa WHERE user_id = ${userId} FOR UPDATE`);
    return toRecord(rows[0]);
  }

  async find(tx: TransactionContext, userId: string): Promise<MfaRecord | null> {
    const rows = await runSql(emOf(tx), sql<MfaRow>`SELECT * FROM user_mfa WHERE user_id = ${userId}`);
    return toRecord(rows[0]);
  }

  async setPending(tx: TransactionContext, userId: string, pendingSecretEnc: string): Promise<void> {
    await runSql(
      emOf(tx),
      sql`INSERT INTO user_mfa (user_id, pending_secret_enc) VALUES (${userId}, ${pendingSecretEnc})
          ON CONFLICT (user_id) DO UPDATE SET pending_secret_enc = excluded.pending_secret_enc`,
    );
  }

  async enable(tx: TransactionContext, userId: string, secretEnc: string, at: Date, lastStep: number): Promise<void> {
    await runSql(
      emOf(tx),
      sql`UPDATE user_mfa SET secret_enc = ${secretEnc}, pending_secret_enc = NULL, enabled_at = ${at}, last_step = ${lastStep} WHERE user_id = ${userId}`,
    );
  }

  async setLastStep(tx: TransactionContext, userId: string, step: number): Promise<void> {
    await runSql(emOf(tx), sql`UPDATE user_mfa SET last_step = ${step} WHERE user_id = ${userId}`);
  }

  async disable(tx: TransactionContext, userId: string): Promise<void> {
    await runSql(emOf(tx), sql`DELETE FROM user_mfa WHERE user_id = ${userId}`);
    await runSql(emOf(tx), sql`DELETE FROM mfa_recovery_codes WHERE user_id = ${userId}`);
  }

  async replaceRecoveryCodes(tx: TransactionContext, userId: string, hashes: string[]): Promise<void> {
    await runSql(emOf(tx), sql`DELETE FROM mfa_recovery_codes WHERE user_id = ${userId}`);
    await runSql(emOf(tx), sql`INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT ${userId}, unnest(${sqlArray(hashes)}::text[])`);
  }

  async useRecoveryCode(tx: TransactionContext, userId: string, hash: string, at: Date): Promise<boolean> {
    const rows = await runSql(
      emOf(tx),
      sql<{ id: string }>`UPDATE mfa_recovery_codes SET used_at = ${at}
                          WHERE id = (SELECT id FROM mfa_recovery_codes WHERE user_id = ${userId} AND code_hash = ${hash} AND used_at IS NULL LIMIT 1)
                          RETURNING id`,
    );
    return rows.length > 0;
  }

  async recoveryCodesLeft(tx: TransactionContext, userId: string): Promise<number> {
    const rows = await runSql(emOf(tx), sql<{ n: string }>`SELECT count(*) AS n FROM mfa_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`);
    return Number(rows[0]?.n ?? 0);
  }

  async insertChallenge(tx: TransactionContext, c: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await runSql(
      emOf(tx),
      sql`INSERT INTO mfa_challenges (user_id, token_hash, expires_at, created_at) VALUES (${c.userId}, ${c.tokenHash}, ${c.expiresAt}, ${c.createdAt})`,
    );
    // Spent and expired challenges are useless: keep the table small.
    await runSql(emOf(tx), sql`DELETE FROM mfa_challenges WHERE user_id = ${c.userId} AND expires_at < ${c.createdAt}::timestamptz - interval '1 hour'`);
  }

  async findChallengeForUpdate(tx: TransactionContext, tokenHash: string): Promise<MfaChallengeRecord | null> {
    const rows = await runSql(
      emOf(tx),
      sql<{ id: string; user_id: string; expires_at: Date; spent_at: Date | null }>`
        SELECT id, user_id, expires_at, spent_at FROM mfa_challenges WHERE token_hash = ${tokenHash} FOR UPDATE`,
    );
    const row = rows[0];
    return row ? { id: row.id, userId: row.user_id, expiresAt: new Date(row.expires_at), spentAt: row.spent_at ? new Date(row.spent_at) : null } : null;
  }

  async spendChallenge(tx: TransactionContext, id: string, at: Date): Promise<void> {
    await runSql(emOf(tx), sql`UPDATE mfa_challenges SET spent_at = ${at} WHERE id = ${id}`);
  }
}
