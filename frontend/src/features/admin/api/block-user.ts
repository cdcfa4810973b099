import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/user/block {userId, blocked}: a blocked user's sessions are revoked. */
export function blockUser(userId: string, blocked: boolean): Promise<unknown> {
  return api('post', '/api/user/block', { body: { userId, blocked } });
}

/** Blocks or unblocks a user; the hook owns busy state and the refresh of the users list. */
export function useBlockUser() {
  return useMutation(({ userId, blocked }: { userId: string; blocked: boolean }) => blockUser(userId, blocked), { invalidate: [adminKeys.usersAll] });
}
