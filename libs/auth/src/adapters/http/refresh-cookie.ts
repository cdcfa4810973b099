import type { CookieOptions, Request, Response } from 'express';

export const REFRESH_COOKIE = 'refresh_token';

/** httpOnly (no script reads it), SameSite=Strict (no cross-site sends), scoped to /api/auth only. */
export function refreshCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure, path: '/api/auth' };
}

export function setRefreshCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  res.cookie(REFRESH_COOKIE, token, { ...refreshCookieOptions(secure), expires: expiresAt });
}

export function clearRefreshCookie(res: Response, secure: boolean): void {
  res.clearCookie(REFRESH_COOKIE, refreshCookieOptions(secure));
}

export function refreshCookieOf(req: Request): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}
