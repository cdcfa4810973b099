import { authRequest } from '../../../lib/fetcher';

/** POST /api/admin/impersonate {userId} → {accessToken} for that user (audited). */
export function impersonate(userId: string): Promise<{ accessToken: string }> {
  return authRequest('/admin/impersonate', { method: 'POST', body: { userId } });
}
