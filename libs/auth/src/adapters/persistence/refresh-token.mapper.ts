import type { RefreshTokenRecord } from '../../domain/refresh-token';
import type { RefreshTokenEntity } from './refresh-token.entity';

/** Entity → the domain's record (judgeRefreshToken decides on it); the hash never leaves the adapter. */
export const refreshTokenMapper = {
  toRecord(entity: RefreshTokenEntity): RefreshTokenRecord {
    return {
      id: entity.id,
      userId: entity.userId,
      familyId: entity.familyId,
      expiresAt: new Date(entity.expiresAt),
      rotatedAt: entity.rotatedAt ? new Date(entity.rotatedAt) : null,
      revokedAt: entity.revokedAt ? new Date(entity.revokedAt) : null,
    };
  },
};
