import { api } from './api';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { clearCredentials, getSession } from './auth-session';
import { useEndImpersonation } from './use-end-impersonation';
import { toast } from './toast';
import { leaveThenSwitch } from './switch-session';

export const CACHE_RESET_DELAY_MS = 1000;

/**
 * Logout per seed §4 (while impersonating: back to the admin's session instead): POST auth/logout, clear credentials, reset cached API data after 1 s, go to /. A
 * failing logout call still signs out locally (the user asked to leave; staying signed in on a shared
 * screen is worse) and says 'Error logging out' (seed §8): the server session may outlive it.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const endImpersonation = useEndImpersonation();
  return useCallback(async () => {
    // logging out while acting as a user ends only the impersonation: the admin's own session stays
    if (getSession().impersonated) return endImpersonation();
    try {
      await api('post', '/api/auth/logout', { token: null });
    } catch {
      toast.error('Error logging out');
    }
    leaveThenSwitch(navigate, '/', clearCredentials);
    // later than the navigation so that the screens being left do not refetch with no token; a cache whose
    // provider is gone by then (a spec's render, unmounted) has nothing left to clear
    setTimeout(() => void clearAll(mutate).catch(() => undefined), CACHE_RESET_DELAY_MS);
  }, [endImpersonation, mutate, navigate]);
}

/**
 * Empties every cached answer. `revalidate: true` matters even though the screens are gone: only a
 * revalidating mutation drops SWR's in-flight/dedupe marker of a key, and with the 60 s dedupe window a
 * screen mounted afterwards would otherwise wait on the old request, whose answer SWR then discards as
 * older than the mutation (the screen stays "loading"). Mounted screens, if any, refetch.
 */
function clearAll(mutate: ReturnType<typeof useSWRConfig>['mutate']): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: true });
}

/** Clears every cached API answer at once (sign-in, impersonation, account deletion). */
export function useResetCache(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await clearAll(mutate);
  }, [mutate]);
}
