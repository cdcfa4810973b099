import { judgeRefreshToken } from '../../domain/refresh-token';
import { RefreshTokenEntity } from './refresh-token.entity';
import { refreshTokenMapper } from './refresh-token.mapper';

describe('refreshTokenMapper', () => {
  const entity = Object.assign(new RefreshTokenEntity(), {
    id: 't1',
    userId: 'u1',
    familyId: 'f1',
    tokenHash: 'b'.repeat(64),
    expiresAt: '2026-11-30T00:00:00.000Z' as unknown as Date,
    createdAt: new Date('2026-11-23T00:00:00.000Z'),
    rotatedAt: null,
    revokedAt: null,
  });

  it('maps an entity to the domain record, without the hash and with dates typed', () => {
    expect(refreshTokenMapper.toRecord(entity)).toEqual({
      id: 't1',
      userId: 'u1',
      familyId: 'f1',
      expiresAt: new Date('2026-11-30T00:00:00.000Z'),
      rotatedAt: null,
      revokedAt: null,
    });
  });

  it('keeps what the domain judges by: a rotated token presented again is a reuse', () => {
    const now = new Date('2026-11-24T00:00:00.000Z');
    expect(judgeRefreshToken(refreshTokenMapper.toRecord(entity), now)).toBe('rotate');
    expect(judgeRefreshToken(refreshTokenMapper.toRecord({ ...entity, rotatedAt: new Date('2026-11-23T12:00:00.000Z') }), now)).toBe('reuse');
  });
});
