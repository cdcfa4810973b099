import { ApiError, apiRequest, type RequestOptions } from './api-client';
import { getToken, refreshAccessToken } from './auth-session';

/**
 * Authenticated requests (seed §4 "Expired token"): send the in-memory bearer token; on 403
 * `TOKEN_EXPIRED` (or `TOKEN_REVOKED`) refresh once (shared by concurrent callers) and retry once. A 403 `FORBIDDEN` (role
 * not allowed) is final and never retried.
 */
export async function authRequest<T = unknown>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  const sentWith = getToken();
  try {
    return await apiRequest<T>(path, { ...options, token: sentWith });
  } catch (error) {
    // An Admin without 2FA (e.g. a restored session that never enrolled): the API opens only enrolment.
    if (error instanceof ApiError && error.code === 'MFA_ENROLMENT_REQUIRED' && window.location.pathname !== MFA_ENROLMENT_PATH) {
      window.location.assign(MFA_ENROLMENT_PATH);
    }
    // TOKEN_REVOKED: this token's session was signed out (elsewhere, or by reuse detection). The refresh
    // then fails too ("Your login has expired."), unless the browser holds a newer session's cookie.
    if (!(error instanceof ApiError) || error.status !== 403 || (error.code !== 'TOKEN_EXPIRED' && error.code !== 'TOKEN_REVOKED')) throw error;
    // another caller may have refreshed while this request was in flight: use its token
    const current = getToken();
    const token = current && current !== sentWith ? current : await refreshAccessToken();
    return apiRequest<T>(path, { ...options, token });
  }
}

/** Where an Admin without 2FA is sent (product.md §10). */
export const MFA_ENROLMENT_PATH = '/settings/security';

/** The SWR fetcher: keys are API paths ('/wallet') or [path, params] tuples. */
export function swrFetcher<T = unknown>(key: string | readonly [string, RequestOptions['params']]): Promise<T> {
  if (typeof key === 'string') return authRequest<T>(key);
  return authRequest<T>(key[0], { params: key[1] });
}
