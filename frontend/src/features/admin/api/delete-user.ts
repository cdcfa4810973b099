import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/user/delete {userId} (admin). */
export function deleteUser(userId: string): Promise<unknown> {
  return api('post', '/api/user/delete', { body: { userId } });
}

/** Deletes a user (refused while they hold money or copies); the hook owns busy state and the refresh of the lists. */
export function useDeleteUser() {
  return useMutation((userId: string) => deleteUser(userId), { invalidate: [adminKeys.usersAll, adminKeys.walletsAll, adminKeys.detailsAll] });
}
