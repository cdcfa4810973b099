import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { RefreshTokenRecord } from '../../domain/refresh-token';
import { RefreshTokenStore } from '../../application/ports/refresh-token.store';
import { RefreshTokenEntity } from './refresh-token.entity';
import { refreshTokenMapper } from './refresh-token.mapper';
import { authSessionsQueries } from './auth-sessions.queries';

/**
 * Refresh tokens through MikroORM (entity RefreshTokenEntity, mapper to the domain record). Reads bypass
 * the identity map and writes are native, so every call sees and changes the rows themselves. Revoking a
 * family also revokes its `auth_sessions` row (same context), which the access guard reads.
 */
@Injectable()
export class MikroOrmRefreshTokenStore extends RefreshTokenStore {
  private em(tx: TransactionContext): EntityManager {
    return emOf(tx) as EntityManager;
  }

  async insert(tx: TransactionContext, token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await this.em(tx).insert(RefreshTokenEntity, { ...token, rotatedAt: null, revokedAt: null });
  }

  async findByHashForUpdate(tx: TransactionContext, tokenHash: string): Promise<RefreshTokenRecord | null> {
    const entity = await this.em(tx).findOne(RefreshTokenEntity, { tokenHash }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
    return entity ? refreshTokenMapper.toRecord(entity) : null;
  }

  async markRotated(tx: TransactionContext, id: string, at: Date): Promise<void> {
    await this.em(tx).nativeUpdate(RefreshTokenEntity, { id }, { rotatedAt: at });
  }

  async revokeFamily(tx: TransactionContext, familyId: string, at: Date): Promise<void> {
    const em = this.em(tx);
    await em.nativeUpdate(RefreshTokenEntity, { familyId, revokedAt: null }, { revokedAt: at });
    // The session row is what the access guard reads: its access tokens stop at once (TOKEN_REVOKED).
    await runSql(em, authSessionsQueries.revoke(familyId, at));
  }

  async revokeAllOfUser(tx: TransactionContext, userId: string, at: Date, keepFamilyId?: string): Promise<void> {
    const em = this.em(tx);
    if (keepFamilyId) {
      await em.nativeUpdate(RefreshTokenEntity, { userId, revokedAt: null, familyId: { $ne: keepFamilyId } }, { revokedAt: at });
      await runSql(em, authSessionsQueries.revokeAllOfUser(userId, at, keepFamilyId));
    } else {
      await em.nativeUpdate(RefreshTokenEntity, { userId, revokedAt: null }, { revokedAt: at });
      await runSql(em, authSessionsQueries.revokeAllOfUser(userId, at));
    }
  }
}
