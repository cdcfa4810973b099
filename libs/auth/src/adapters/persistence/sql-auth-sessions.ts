import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { AuthSessions, type DeviceInfo, type SessionRecord } from '../../application/ports/auth-sessions';
import { authSessionsQueries as q } from './auth-sessions.queries';

const clip = (value: string | undefined, max: number): string | null => (value ? value.slice(0, max) : null);

@Injectable()
export class SqlAuthSessions extends AuthSessions {
  async touch(tx: TransactionContext, s: { id: string; userId: string; at: Date; device?: DeviceInfo }): Promise<void> {
    await runSql(emOf(tx), q.touch({ id: s.id, userId: s.userId, at: s.at, userAgent: clip(s.device?.userAgent, 512), ip: clip(s.device?.ip, 64) }));
  }

  async listActive(tx: TransactionContext, userId: string, since: Date): Promise<SessionRecord[]> {
    const rows = await runSql(emOf(tx), q.listActive(userId, since));
    return rows.map((r) => ({ id: r.id, createdAt: new Date(r.created_at), lastUsedAt: new Date(r.last_used_at), userAgent: r.user_agent, ip: r.ip }));
  }

  async isActiveOfUser(tx: TransactionContext, userId: string, id: string): Promise<boolean> {
    const rows = await runSql(emOf(tx), q.activeOfUser(userId, id));
    return rows.length > 0;
  }

  async deviceHistory(tx: TransactionContext, userId: string, userAgent: string | undefined): Promise<{ any: boolean; known: boolean }> {
    const rows = await runSql(emOf(tx), q.deviceHistory(userId, clip(userAgent, 512)));
    return { any: Boolean(rows[0]?.any), known: Boolean(rows[0]?.known) };
  }
}
