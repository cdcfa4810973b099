import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { PasswordResetTokens } from '../../application/ports/password-reset-tokens';
import { passwordResetTokensQueries as q } from './password-reset-tokens.queries';

@Injectable()
export class SqlPasswordResetTokens extends PasswordResetTokens {
  async insert(tx: TransactionContext, token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await runSql(emOf(tx), q.insert(token));
  }

  async consume(tx: TransactionContext, tokenHash: string, now: Date): Promise<string | null> {
    // One statement: of two concurrent resets with the same token only one sees used_at IS NULL.
    const rows = await runSql(emOf(tx), q.consume(tokenHash, now));
    return rows[0]?.user_id ?? null;
  }
}
