import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { apiRequest } from './api-client';
import { clearCredentials } from './auth-session';
import { toast } from './toast';
import { leaveThenSwitch } from './switch-session';

export const CACHE_RESET_DELAY_MS = 1000;

/** Logout per seed §4: POST auth/logout, clear credentials, reset cached API data after 1 s, go to /. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    try {
      await apiRequest('/auth/logout', { method: 'POST' });
    } catch {
      toast.error('Error logging out');
      return;
    }
    leaveThenSwitch(navigate, '/', clearCredentials);
    // later than the navigation so that the screens being left do not refetch with no token
    setTimeout(() => void mutate(() => true, undefined, { revalidate: false }), CACHE_RESET_DELAY_MS);
  }, [mutate, navigate]);
}

/** Clears every cached API answer at once (after impersonation or account deletion). */
export function useResetCache(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(() => true, undefined, { revalidate: false }), [mutate]);
}
