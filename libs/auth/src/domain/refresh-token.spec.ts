import { judgeRefreshToken, REFRESH_TOKEN_TTL_MS, type RefreshTokenRecord } from './refresh-token';

const now = new Date('2026-01-01T00:00:00Z');
const live = (over: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord => ({
  id: 't1',
  userId: 'u1',
  familyId: 'f1',
  expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  rotatedAt: null,
  revokedAt: null,
  ...over,
});

describe('refresh token family rotation', () => {
  it('a live token is rotated', () => {
    expect(judgeRefreshToken(live(), now)).toBe('rotate');
  });

  it('an already rotated token is reuse (the family must be revoked)', () => {
    expect(judgeRefreshToken(live({ rotatedAt: new Date(now.getTime() - 1000) }), now)).toBe('reuse');
  });

  it('revoked wins over rotated and expired', () => {
    expect(judgeRefreshToken(live({ revokedAt: now, rotatedAt: now, expiresAt: new Date(0) }), now)).toBe('revoked');
  });

  it('expires at exactly 7 days', () => {
    const issued = live({ expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) });
    expect(judgeRefreshToken(issued, new Date(now.getTime() + REFRESH_TOKEN_TTL_MS - 1))).toBe('rotate');
    expect(judgeRefreshToken(issued, new Date(now.getTime() + REFRESH_TOKEN_TTL_MS))).toBe('expired');
    expect(REFRESH_TOKEN_TTL_MS).toBe(7 * 24 * 3600 * 1000);
  });

  it('an unknown token is unknown', () => {
    expect(judgeRefreshToken(null, now)).toBe('unknown');
  });
});
