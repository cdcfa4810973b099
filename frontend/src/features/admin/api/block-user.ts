import { authRequest } from '../../../lib/fetcher';

/** POST /api/user/block {userId, blocked}: a blocked user's sessions are revoked. */
export function blockUser(userId: string, blocked: boolean): Promise<unknown> {
  return authRequest('/user/block', { method: 'POST', body: { userId, blocked } });
}
