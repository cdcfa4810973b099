import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { MfaStore, type MfaChallengeRecord, type MfaRecord } from '../../application/ports/mfa-store';
import { mfaQueries as q, type MfaRow } from './mfa.queries';

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
    const rows = await runSql(emOf(tx), q.find(userId, true));
    return toRecord(rows[0]);
  }

  async find(tx: TransactionContext, userId: string): Promise<MfaRecord | null> {
    const rows = await runSql(emOf(tx), q.find(userId, false));
    return toRecord(rows[0]);
  }

  async setPending(tx: TransactionContext, userId: string, pendingSecretEnc: string): Promise<void> {
    await runSql(emOf(tx), q.setPending(userId, pendingSecretEnc));
  }

  async enable(tx: TransactionContext, userId: string, secretEnc: string, at: Date, lastStep: number): Promise<void> {
    await runSql(emOf(tx), q.enable(userId, secretEnc, at, lastStep));
  }

  async setLastStep(tx: TransactionContext, userId: string, step: number): Promise<void> {
    await runSql(emOf(tx), q.setLastStep(userId, step));
  }

  async disable(tx: TransactionContext, userId: string): Promise<void> {
    await runSql(emOf(tx), q.deleteMfa(userId));
    await runSql(emOf(tx), q.deleteRecoveryCodes(userId));
  }

  async replaceRecoveryCodes(tx: TransactionContext, userId: string, hashes: string[]): Promise<void> {
    await runSql(emOf(tx), q.deleteRecoveryCodes(userId));
    await runSql(emOf(tx), q.insertRecoveryCodes(userId, hashes));
  }

  async useRecoveryCode(tx: TransactionContext, userId: string, hash: string, at: Date): Promise<boolean> {
    const rows = await runSql(emOf(tx), q.useRecoveryCode(userId, hash, at));
    return rows.length > 0;
  }

  async recoveryCodesLeft(tx: TransactionContext, userId: string): Promise<number> {
    const rows = await runSql(emOf(tx), q.recoveryCodesLeft(userId));
    return Number(rows[0]?.n ?? 0);
  }

  async insertChallenge(tx: TransactionContext, c: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await runSql(emOf(tx), q.insertChallenge(c));
    // Spent and expired challenges are useless: keep the table small.
    await runSql(emOf(tx), q.deleteOldChallenges(c.userId, c.createdAt));
  }

  async findChallengeForUpdate(tx: TransactionContext, tokenHash: string): Promise<MfaChallengeRecord | null> {
    const [row] = await runSql(emOf(tx), q.lockChallenge(tokenHash));
    return row ? { id: row.id, userId: row.user_id, expiresAt: new Date(row.expires_at), spentAt: row.spent_at ? new Date(row.spent_at) : null } : null;
  }

  async spendChallenge(tx: TransactionContext, id: string, at: Date): Promise<void> {
    await runSql(emOf(tx), q.spendChallenge(id, at));
  }
}
