import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/verifyotp: marks the email verified. */
export function verifyOtp(email: string, otp: string): Promise<{ message?: string }> {
  return apiRequest('/auth/verifyotp', { method: 'POST', body: { email, otp } });
}
