import { authRequest } from '../../../lib/fetcher';

/** POST /api/user/delete {userId, password}: a user deletes their own account (409 while money or copies remain). */
export function deleteOwnAccount(userId: string, password: string): Promise<unknown> {
  return authRequest('/user/delete', { method: 'POST', body: { userId, password } });
}
