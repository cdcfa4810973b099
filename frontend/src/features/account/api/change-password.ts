import { api } from '../../../lib/api';
import { securityKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/auth/changepassword {currentPassword, newPassword}: other sessions are revoked. */
export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return api('post', '/api/auth/changepassword', { body: { currentPassword, newPassword } });
}

/** Changes my password; the hook owns busy state and the refresh of my sessions list. */
export function useChangePassword() {
  return useMutation(({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => changePassword(currentPassword, newPassword), {
    invalidate: [securityKeys.sessionsAll],
  });
}
