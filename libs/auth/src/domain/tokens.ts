import { createHash, randomBytes } from 'node:crypto';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

/** 32 random bytes, base64url: what the client holds (refresh cookie, reset token). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the server stores: a stolen table yields no usable token. sha256 suffices for 256-bit random secrets. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
