import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgotpassword/sendotp: a generic 200 whether or not the email exists. */
export function forgotPasswordSendOtp(email: string): Promise<{ message?: string }> {
  return apiRequest('/auth/forgotpassword/sendotp', { method: 'POST', body: { email } });
}
