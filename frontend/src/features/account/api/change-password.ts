import { authRequest } from '../../../lib/fetcher';

/** POST /api/auth/changepassword {currentPassword, newPassword}: other sessions are revoked. */
export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return authRequest('/auth/changepassword', { method: 'POST', body: { currentPassword, newPassword } });
}
