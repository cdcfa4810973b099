import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/verifyotp: marks the email verified and signs the user in as a login does —
 * {accessToken} (+ the refresh cookie); with 2FA on {mfaRequired, mfaToken}; only {message} when the
 * account may not be signed in this way (blocked, or an Admin without 2FA).
 */
export function verifyOtp(
  email: string,
  otp: string,
): Promise<{ message?: string; accessToken?: string; mfaRequired?: boolean; mfaToken?: string }> {
  return apiRequest('/auth/verifyotp', { method: 'POST', body: { email, otp } });
}
