import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@mirrorline/shared';
import { ActiveUserCheck, type ActiveUser, type ApiTokenOwner } from '../../application/active-user-check';
import { UserAccessCache } from './user-access-cache';
import { apiTokensQueries as q } from './api-tokens.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's row and the token's session through UserAccessCache (dropped by NOTIFY on every change that matters). */
@Injectable()
export class SqlActiveUserCheck extends ActiveUserCheck {
  constructor(
    private readonly cache: UserAccessCache,
    private readonly em: EntityManager,
  ) {
    super();
  }

  async activeUser(userId: string, issuedAtSeconds: number, sessionId: string | undefined): Promise<ActiveUser | null> {
    if (!UUID.test(userId) || !Number.isFinite(issuedAtSeconds)) return null;
    const sid = sessionId && UUID.test(sessionId) ? sessionId.toLowerCase() : null;
    // Both reads are cached per instance and dropped by NOTIFY the moment the row changes (block, role,
    // password change, 2FA, session revoked), so revocation stays immediate on every instance.
    const [access, sessionLive] = await Promise.all([this.cache.access(userId.toLowerCase()), sid ? this.cache.sessionLive(sid) : false]);
    if (!access) return null;
    // Whole milliseconds, compared exactly with the stored microseconds (no float round-trip).
    const issuedAtUs = BigInt(Math.round(issuedAtSeconds * 1000)) * 1000n;
    const issuedBeforeRevocation = access.tokensValidAfterUs !== null && access.tokensValidAfterUs > issuedAtUs;
    return { roles: access.roles, mfaEnabled: access.mfaEnabled, sessionLive, issuedBeforeRevocation };
  }

  async apiTokenOwner(tokenHash: string): Promise<ApiTokenOwner | null> {
    const rows = await runSql(this.em.getConnection(), q.owner(tokenHash));
    const row = rows[0];
    if (!row) return null;
    // "Last used" to the minute: one write per token per minute, not one per request.
    if (row.stale) await runSql(this.em.getConnection(), q.touch(row.id));
    return { tokenId: row.id, userId: row.user_id, email: row.email, roles: row.roles, scopes: row.scopes };
  }

  async liveApiTokens(tokenIds: readonly string[]): Promise<Set<string>> {
    const ids = tokenIds.filter((id) => UUID.test(id));
    if (!ids.length) return new Set();
    const rows = await runSql(this.em.getConnection(), q.live(ids));
    return new Set(rows.map((row) => row.id));
  }
}
