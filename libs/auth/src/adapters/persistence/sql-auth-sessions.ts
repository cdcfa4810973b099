import { Injectable } from '@nestjs/common';
import { runSql, sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { AuthSessions, type DeviceInfo, type SessionRecord } from '../../application/ports/auth-sessions';

const clip = (value: string | undefined, max: number): string | null => (value ? value.slice(0, max) : null);

@Injectable()
export class SqlAuthSessions extends AuthSessions {
  async touch(tx: TransactionContext, s: { id: string; userId: string; at: Date; device?: DeviceInfo }): Promise<void> {
    await runSql(
      emOf(tx),
      sql`INSERT INTO auth_sessions (id, user_id, created_at, last_used_at, user_agent, ip)
          VALUES (${s.id}, ${s.userId}, ${s.at}, ${s.at}, ${clip(s.device?.userAgent, 512)}, ${clip(s.device?.ip, 64)})
          ON CONFLICT (id) DO UPDATE SET last_used_at = excluded.last_used_at, ip = coalesce(excluded.ip, auth_sessions.ip)`,
    );
  }

  async listActive(tx: TransactionContext, userId: string, since: Date): Promise<SessionRecord[]> {
    const rows = await runSql(
      emOf(tx),
      sql<{ id: string; created_at: Date; last_used_at: Date; user_agent: string | null; ip: string | null }>`
        SELECT id, created_at, last_used_at, user_agent, ip FROM auth_sessions
        WHERE user_id = ${userId} AND revoked_at IS NULL AND last_used_at > ${since} ORDER BY last_used_at DESC LIMIT 100`,
    );
    return rows.map((r) => ({ id: r.id, createdAt: new Date(r.created_at), lastUsedAt: new Date(r.last_used_at), userAgent: r.user_agent, ip: r.ip }));
  }

  async isActiveOfUser(tx: TransactionContext, userId: string, id: string): Promise<boolean> {
    const rows = await runSql(emOf(tx), sql`SELECT 1 FROM auth_sessions WHERE id = ${id} AND user_id = ${userId} AND revoked_at IS NULL`);
    return rows.length > 0;
  }

  async deviceHistory(tx: TransactionContext, userId: string, userAgent: string | undefined): Promise<{ any: boolean; known: boolean }> {
    const rows = await runSql(
      emOf(tx),
      sql<{ any: boolean; known: boolean }>`
        SELECT EXISTS (SELECT 1 FROM auth_sessions WHERE user_id = ${userId}) AS any,
               EXISTS (SELECT 1 FROM auth_sessions WHERE user_id = ${userId} AND user_agent IS NOT DISTINCT FROM ${clip(userAgent, 512)}) AS known`,
    );
    return { any: Boolean(rows[0]?.any), known: Boolean(rows[0]?.known) };
  }
}
