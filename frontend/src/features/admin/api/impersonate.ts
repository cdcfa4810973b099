import { api } from '../../../lib/api';
import { setCredentials } from '../../../lib/auth-session';
import { useResetCache } from '../../../lib/use-logout';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/admin/impersonate {userId} → {accessToken} for that user (audited). */
export function impersonate(userId: string): Promise<{ accessToken: string }> {
  return api('post', '/api/admin/impersonate', { body: { userId } });
}

/**
 * "Log in as": the hook owns busy state. `trigger(userId)` resolves with `switchTo`, which the caller runs
 * once it has left the admin page (see `leaveThenSwitch`): it puts the user's token in place and drops every
 * answer cached for the admin.
 */
export function useImpersonate() {
  const resetCache = useResetCache();
  return useMutation(async (userId: string) => {
    const { accessToken } = await impersonate(userId);
    return () => {
      setCredentials({ accessToken });
      void resetCache();
    };
  });
}
