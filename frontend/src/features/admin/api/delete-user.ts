import { authRequest } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';
import { USER_LIST_KEYS } from './types';

/** POST /api/user/delete {userId} (admin). */
export function deleteUser(userId: string): Promise<unknown> {
  return authRequest('/user/delete', { method: 'POST', body: { userId } });
}

/** Deletes a user (refused while they hold money or copies); the hook owns busy state and the refresh of the lists. */
export function useDeleteUser() {
  return useMutation((userId: string) => deleteUser(userId), { invalidate: [...USER_LIST_KEYS, '/admin/wallets', '/admin_details'] });
}
