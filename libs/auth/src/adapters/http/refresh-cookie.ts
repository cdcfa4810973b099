import type { CookieOptions, Request, Response } from 'express';

export const REFRESH_COOKIE = 'refresh_token';

/** httpOnly (no script reads it), SameSite=Strict (no cross-site sends), scoped to /api/auth only. */
export function refreshCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure, path: '/api/auth' };
}

/**
 * `ml_session=1` beside the refresh cookie: not a secret (no token in it), readable by the SPA, so that
 * a page load calls /api/auth/refresh only when there may be a session to restore (no 401 for visitors).
 */
export const SESSION_HINT_COOKIE = 'ml_session';

export function sessionHintCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: false, sameSite: 'strict', secure, path: '/' };
}

export function setRefreshCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  res.cookie(REFRESH_COOKIE, token, { ...refreshCookieOptions(secure), expires: expiresAt });
  res.cookie(SESSION_HINT_COOKIE, '1', { ...sessionHintCookieOptions(secure), expires: expiresAt });
}

export function clearRefreshCookie(res: Response, secure: boolean): void {
  res.clearCookie(REFRESH_COOKIE, refreshCookieOptions(secure));
  res.clearCookie(SESSION_HINT_COOKIE, sessionHintCookieOptions(secure));
}

export function refreshCookieOf(req: Request): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}
