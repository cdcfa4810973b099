import { createHash, randomBytes } from 'node:crypto';

export const API_TOKEN_PREFIX = 'ml_pat_';
export const API_TOKEN_SCOPES = ['read', 'trade'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** `ml_pat_` + 32 random bytes (base64url): shown once; the server keeps its sha256 and a short prefix to recognise it. */
export function newApiToken(): { token: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
