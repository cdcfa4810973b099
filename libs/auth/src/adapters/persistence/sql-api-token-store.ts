import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { ApiTokenStore, type ApiTokenRecord } from '../../application/ports/api-token-store';
import { apiTokensQueries as q } from './api-tokens.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class SqlApiTokenStore extends ApiTokenStore {
  async listLive(tx: TransactionContext, userId: string): Promise<ApiTokenRecord[]> {
    const rows = await runSql(emOf(tx), q.listLive(userId));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      scopes: r.scopes,
      prefix: r.prefix,
      createdAt: new Date(r.created_at),
      lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
    }));
  }

  async countLive(tx: TransactionContext, userId: string): Promise<number> {
    const rows = await runSql(emOf(tx), q.countLive(userId));
    return Number(rows[0]?.n ?? 0);
  }

  async insert(tx: TransactionContext, t: { userId: string; name: string; scopes: string[]; tokenHash: string; prefix: string; createdAt: Date }): Promise<string> {
    const rows = await runSql(emOf(tx), q.insert(t));
    return rows[0].id;
  }

  async revoke(tx: TransactionContext, userId: string, id: string, at: Date): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const rows = await runSql(emOf(tx), q.revoke(userId, id, at));
    return rows.length > 0;
  }

  async revokeAllOfUser(tx: TransactionContext, userId: string, at: Date): Promise<number> {
    const rows = await runSql(emOf(tx), q.revokeAllOfUser(userId, at));
    return rows.length;
  }
}
