import { useCallback } from 'react';
import { setCredentials, setPersist } from '../../../lib/auth-session';
import { useResetCache } from '../../../lib/use-logout';

/**
 * Signs in with a fresh access token: answers cached for a previous account (expired session, no logout)
 * must not show for this one, so the cache is emptied first. `persist` is "Trust this device".
 */
export function useStartSession() {
  const resetCache = useResetCache();
  return useCallback(
    async (accessToken: string, persist?: boolean) => {
      if (persist !== undefined) setPersist(persist);
      await resetCache();
      setCredentials({ accessToken });
    },
    [resetCache],
  );
}
