import { authRequest } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';
import { USER_LIST_KEYS } from './types';

/** POST /api/user/block {userId, blocked}: a blocked user's sessions are revoked. */
export function blockUser(userId: string, blocked: boolean): Promise<unknown> {
  return authRequest('/user/block', { method: 'POST', body: { userId, blocked } });
}

/** Blocks or unblocks a user; the hook owns busy state and the refresh of the users list. */
export function useBlockUser() {
  return useMutation(({ userId, blocked }: { userId: string; blocked: boolean }) => blockUser(userId, blocked), { invalidate: USER_LIST_KEYS });
}
