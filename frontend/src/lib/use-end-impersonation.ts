import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { errorMessage } from './api-client';
import { refreshAccessToken } from './auth-session';
import { toast } from './toast';
import { useMutation } from './use-mutation';

export const RETURN_TO = '/admindashboard/usermanagement';

/**
 * Ends an impersonation ("Return to admin", or logout while acting as a user). The impersonation is
 * only an access token in memory: the refresh cookie is still the admin's own, so one refresh brings
 * the admin's session back. Nothing is revoked; the cached answers of the user are dropped.
 */
export function useEndImpersonation(): () => Promise<void> {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    try {
      await refreshAccessToken();
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    await mutate(() => true, undefined, { revalidate: true });
    toast.success('Back to your admin account');
    void navigate(RETURN_TO);
  }, [mutate, navigate]);
}

/** "Return to admin" as a mutation: the hook owns the busy state of the banner's button. */
export function useReturnToAdmin() {
  const endImpersonation = useEndImpersonation();
  return useMutation<void>(() => endImpersonation());
}
