import { api } from '../../../lib/api';
import { clearCredentials } from '../../../lib/auth-session';
import { useResetCache } from '../../../lib/use-logout';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/user/delete {userId, password}: a user deletes their own account (409 while money or copies remain). */
export function deleteOwnAccount(userId: string, password: string): Promise<unknown> {
  return api('post', '/api/user/delete', { body: { userId, password } });
}

/**
 * Deletes my account; the hook owns busy state. It resolves with `signOut`, which the caller runs once it
 * has left the signed-in page (see `leaveThenSwitch`): it drops the credentials and every cached answer.
 */
export function useDeleteAccount() {
  const resetCache = useResetCache();
  return useMutation(async ({ userId, password }: { userId: string; password: string }) => {
    await deleteOwnAccount(userId, password);
    return () => {
      clearCredentials();
      void resetCache();
    };
  });
}
