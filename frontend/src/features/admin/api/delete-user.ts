import { authRequest } from '../../../lib/fetcher';

/** POST /api/user/delete {userId} (admin). */
export function deleteUser(userId: string): Promise<unknown> {
  return authRequest('/user/delete', { method: 'POST', body: { userId } });
}
