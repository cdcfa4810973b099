import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@mirrorline/users';
import { ActiveUserCheck, type ActiveUser, type ApiTokenOwner } from '../../application/active-user-check';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class MikroOrmActiveUserCheck extends ActiveUserCheck {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async activeUser(userId: string, issuedAtSeconds: number, sessionId: string | undefined): Promise<ActiveUser | null> {
    if (!UUID.test(userId) || !Number.isFinite(issuedAtSeconds)) return null;
    const sid = sessionId && UUID.test(sessionId) ? sessionId : null;
    // Whole milliseconds, compared exactly (no float round-trip through to_timestamp).
    const issuedAtMs = Math.round(issuedAtSeconds * 1000);
    // Still one round trip: the 2FA row and the session are primary-key probes joined to the user's.
    const rows = await this.em.getConnection().execute<{ roles: Role[]; mfa: boolean; session_live: boolean; fresh: boolean }[]>(
      `SELECT u.roles, (m.enabled_at IS NOT NULL) AS mfa, (s.id IS NOT NULL AND s.revoked_at IS NULL) AS session_live,
              (u.tokens_valid_after IS NULL OR u.tokens_valid_after <= timestamptz 'epoch' + ? * interval '1 millisecond') AS fresh
       FROM users u
       LEFT JOIN user_mfa m ON m.user_id = u.id
       LEFT JOIN auth_sessions s ON s.id = ?::uuid
       WHERE u.id = ? AND NOT u.blocked AND u.deleted_at IS NULL`,
      [issuedAtMs, sid, userId],
    );
    const row = rows[0];
    return row ? { roles: row.roles, mfaEnabled: row.mfa, sessionLive: row.session_live, issuedBeforeRevocation: !row.fresh } : null;
  }

  async apiTokenOwner(tokenHash: string): Promise<ApiTokenOwner | null> {
    const rows = await this.em.getConnection().execute<
      { id: string; user_id: string; email: string; roles: Role[]; scopes: string[]; stale: boolean }[]
    >(
      `SELECT t.id, t.user_id, u.email, u.roles, t.scopes,
              (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale
       FROM api_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = ? AND t.revoked_at IS NULL AND NOT u.blocked AND u.deleted_at IS NULL`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    // "Last used" to the minute: one write per token per minute, not one per request.
    if (row.stale) await this.em.getConnection().execute('UPDATE api_tokens SET last_used_at = now() WHERE id = ?', [row.id]);
    return { tokenId: row.id, userId: row.user_id, email: row.email, roles: row.roles, scopes: row.scopes };
  }
}
