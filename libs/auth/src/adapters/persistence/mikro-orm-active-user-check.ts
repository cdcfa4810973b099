import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@mirrorline/users';
import { ActiveUserCheck } from '../../application/active-user-check';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class MikroOrmActiveUserCheck extends ActiveUserCheck {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async rolesIfActive(userId: string, issuedAtSeconds: number): Promise<{ roles: Role[] } | null> {
    if (!UUID.test(userId) || !Number.isFinite(issuedAtSeconds)) return null;
    // Whole milliseconds, compared exactly (no float round-trip through to_timestamp).
    const issuedAtMs = Math.round(issuedAtSeconds * 1000);
    const rows = await this.em.getConnection().execute<{ roles: Role[] }[]>(
      `SELECT roles FROM users
       WHERE id = ? AND NOT blocked AND deleted_at IS NULL
         AND (tokens_valid_after IS NULL OR tokens_valid_after <= timestamptz 'epoch' + ? * interval '1 millisecond')`,
      [userId, issuedAtMs],
    );
    return rows.length ? { roles: rows[0].roles } : null;
  }
}
