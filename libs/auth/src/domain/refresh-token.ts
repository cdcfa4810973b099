/** product.md §6: refresh tokens live 7 days and are rotated on every use. */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface RefreshTokenRecord {
  id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

export type RefreshVerdict = 'rotate' | 'reuse' | 'revoked' | 'expired' | 'unknown';

/**
 * What to do with a presented refresh token. A token that was already rotated can only be
 * presented again by someone holding a copy (a thief, or the victim after the thief used it):
 * we cannot tell which, so the whole family is revoked and both must sign in again.
 */
export function judgeRefreshToken(record: RefreshTokenRecord | null, now: Date): RefreshVerdict {
  if (!record) return 'unknown';
  if (record.revokedAt) return 'revoked';
  if (record.rotatedAt) return 'reuse';
  if (now.getTime() >= record.expiresAt.getTime()) return 'expired';
  return 'rotate';
}
