import { authRequest } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/auth/changepassword {currentPassword, newPassword}: other sessions are revoked. */
export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return authRequest('/auth/changepassword', { method: 'POST', body: { currentPassword, newPassword } });
}

/** Changes my password; the hook owns busy state and the refresh of my sessions list. */
export function useChangePassword() {
  return useMutation(({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => changePassword(currentPassword, newPassword), {
    invalidate: ['/auth/sessions'],
  });
}
