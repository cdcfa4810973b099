import { Injectable } from '@nestjs/common';
import { type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { OneTimeCodeState, OtpPurpose } from '../../domain/one-time-code';
import { OneTimeCodeRepository } from '../../application/ports/one-time-code.repository';

interface Row {
  id: string;
  user_id: string;
  purpose: OtpPurpose;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
}

@Injectable()
export class SqlOneTimeCodeRepository extends OneTimeCodeRepository {
  async lockIssuing(tx: TransactionContext, userId: string, purpose: OtpPurpose): Promise<void> {
    // Transaction-scoped: released at commit, after the new row is visible to the next holder's count.
    await emOf(tx).execute('SELECT pg_advisory_xact_lock(hashtext(?))', [`otp:${userId}:${purpose}`]);
  }

  async replaceLive(
    tx: TransactionContext,
    code: { userId: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date; createdAt: Date },
  ): Promise<void> {
    const em = emOf(tx);
    // Re-entrant for the holder (IssueOneTimeCodeUseCase took it before counting); kept so that no caller can
    // race another to the unique live-code index.
    await this.lockIssuing(tx, code.userId, code.purpose);
    await em.execute('UPDATE one_time_codes SET consumed_at = ? WHERE user_id = ? AND purpose = ? AND consumed_at IS NULL', [
      code.createdAt,
      code.userId,
      code.purpose,
    ]);
    await em.execute(
      'INSERT INTO one_time_codes (user_id, purpose, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
      [code.userId, code.purpose, code.codeHash, code.expiresAt, code.createdAt],
    );
  }

  async findLiveForUpdate(tx: TransactionContext, userId: string, purpose: OtpPurpose): Promise<OneTimeCodeState | null> {
    const rows = await emOf(tx).execute<Row[]>(
      `SELECT id, user_id, purpose, code_hash, attempts, expires_at, consumed_at FROM one_time_codes
       WHERE user_id = ? AND purpose = ? AND consumed_at IS NULL FOR UPDATE`,
      [userId, purpose],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      userId: row.user_id,
      purpose: row.purpose,
      codeHash: row.code_hash,
      attempts: Number(row.attempts),
      expiresAt: new Date(row.expires_at),
      consumedAt: row.consumed_at ? new Date(row.consumed_at) : null,
    };
  }

  async countIssuedSince(tx: TransactionContext, userId: string, purpose: OtpPurpose, since: Date): Promise<number> {
    const [row] = await emOf(tx).execute<{ n: string }[]>(
      'SELECT count(*) AS n FROM one_time_codes WHERE user_id = ? AND purpose = ? AND created_at > ?',
      [userId, purpose, since],
    );
    return Number(row?.n ?? 0);
  }

  async update(tx: TransactionContext, id: string, next: Pick<OneTimeCodeState, 'attempts' | 'consumedAt'>): Promise<void> {
    await emOf(tx).execute('UPDATE one_time_codes SET attempts = ?, consumed_at = ? WHERE id = ?', [next.attempts, next.consumedAt, id]);
  }
}
