import { Injectable } from '@nestjs/common';
import { runSql, sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { PasswordResetTokens } from '../../application/ports/password-reset-tokens';

@Injectable()
export class SqlPasswordResetTokens extends PasswordResetTokens {
  async insert(tx: TransactionContext, token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await runSql(
      emOf(tx),
      sql`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at)
          VALUES (${token.tokenHash}, ${token.userId}, ${token.expiresAt}, ${token.createdAt})`,
    );
  }

  async consume(tx: TransactionContext, tokenHash: string, now: Date): Promise<string | null> {
    // One statement: of two concurrent resets with the same token only one sees used_at IS NULL.
    const rows = await runSql(
      emOf(tx),
      sql<{ user_id: string }>`UPDATE password_reset_tokens SET used_at = ${now}
                               WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now} RETURNING user_id`,
    );
    return rows[0]?.user_id ?? null;
  }
}
