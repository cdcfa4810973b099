import { Injectable } from '@nestjs/common';
import { type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { RefreshTokenRecord } from '../../domain/refresh-token';
import { RefreshTokenStore } from '../../application/ports/refresh-token.store';

interface Row {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
}

@Injectable()
export class SqlRefreshTokenStore extends RefreshTokenStore {
  async insert(tx: TransactionContext, token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await emOf(tx).execute(
      'INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
      [token.userId, token.familyId, token.tokenHash, token.expiresAt, token.createdAt],
    );
  }

  async findByHashForUpdate(tx: TransactionContext, tokenHash: string): Promise<RefreshTokenRecord | null> {
    const rows = await emOf(tx).execute<Row[]>(
      'SELECT id, user_id, family_id, expires_at, rotated_at, revoked_at FROM refresh_tokens WHERE token_hash = ? FOR UPDATE',
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      userId: row.user_id,
      familyId: row.family_id,
      expiresAt: new Date(row.expires_at),
      rotatedAt: row.rotated_at ? new Date(row.rotated_at) : null,
      revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    };
  }

  async markRotated(tx: TransactionContext, id: string, at: Date): Promise<void> {
    await emOf(tx).execute('UPDATE refresh_tokens SET rotated_at = ? WHERE id = ?', [at, id]);
  }

  async revokeFamily(tx: TransactionContext, familyId: string, at: Date): Promise<void> {
    await emOf(tx).execute('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [at, familyId]);
    // The session row is what the access guard reads: its access tokens stop at once (TOKEN_REVOKED).
    await emOf(tx).execute('UPDATE auth_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [at, familyId]);
  }

  async revokeAllOfUser(tx: TransactionContext, userId: string, at: Date, keepFamilyId?: string): Promise<void> {
    if (keepFamilyId) {
      await emOf(tx).execute('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND family_id <> ?', [at, userId, keepFamilyId]);
      await emOf(tx).execute('UPDATE auth_sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id <> ?', [at, userId, keepFamilyId]);
    } else {
      await emOf(tx).execute('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [at, userId]);
      await emOf(tx).execute('UPDATE auth_sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [at, userId]);
    }
  }
}
