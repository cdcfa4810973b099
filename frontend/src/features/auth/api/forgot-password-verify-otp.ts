import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgotpassword/verifyotp → {resetToken} (single use, 15 minutes). */
export function forgotPasswordVerifyOtp(email: string, otp: string): Promise<{ resetToken: string }> {
  return apiRequest('/auth/forgotpassword/verifyotp', { method: 'POST', body: { email, otp } });
}
