import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgotpassword/reset: sets the new password and revokes every session. */
export function forgotPasswordReset(resetToken: string, password: string): Promise<{ message?: string }> {
  return apiRequest('/auth/forgotpassword/reset', { method: 'POST', body: { resetToken, password } });
}
