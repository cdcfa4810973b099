import { Injectable } from '@nestjs/common';
import { runSql, sql, sqlArray, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { ApiTokenStore, type ApiTokenRecord } from '../../application/ports/api-token-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class SqlApiTokenStore extends ApiTokenStore {
  async listLive(tx: TransactionContext, userId: string): Promise<ApiTokenRecord[]> {
    const rows = await runSql(
      emOf(tx),
      sql<{ id: string; name: string; scopes: string[]; prefix: string; created_at: Date; last_used_at: Date | null }>`
        SELECT id, name, scopes, prefix, created_at, last_used_at FROM api_tokens
        WHERE user_id = ${userId} AND revoked_at IS NULL ORDER BY created_at DESC`,
    );
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
    const rows = await runSql(emOf(tx), sql<{ n: string }>`SELECT count(*) AS n FROM api_tokens WHERE user_id = ${userId} AND revoked_at IS NULL`);
    return Number(rows[0]?.n ?? 0);
  }

  async insert(tx: TransactionContext, t: { userId: string; name: string; scopes: string[]; tokenHash: string; prefix: string; createdAt: Date }): Promise<string> {
    const rows = await runSql(
      emOf(tx),
      sql<{ id: string }>`INSERT INTO api_tokens (user_id, name, scopes, token_hash, prefix, created_at)
                          VALUES (${t.userId}, ${t.name}, ${sqlArray(t.scopes)}::text[], ${t.tokenHash}, ${t.prefix}, ${t.createdAt}) RETURNING id`,
    );
    return rows[0].id;
  }

  async revoke(tx: TransactionContext, userId: string, id: string, at: Date): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const rows = await runSql(emOf(tx), sql`UPDATE api_tokens SET revoked_at = ${at} WHERE id = ${id} AND user_id = ${userId} AND revoked_at IS NULL RETURNING id`);
    return rows.length > 0;
  }

  async revokeAllOfUser(tx: TransactionContext, userId: string, at: Date): Promise<number> {
    const rows = await runSql(emOf(tx), sql`UPDATE api_tokens SET revoked_at = ${at} WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id`);
    return rows.length;
  }
}
