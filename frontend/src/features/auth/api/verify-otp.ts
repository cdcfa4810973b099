import { api } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';
import { useStartSession } from './session';

export interface VerifyOtpAnswer {
  message?: string;
  accessToken?: string;
  mfaRequired?: boolean;
  mfaToken?: string;
}

/**
 * POST /api/auth/verifyotp: marks the email verified and signs the user in as a login does —
 * {accessToken} (+ the refresh cookie); with 2FA on {mfaRequired, mfaToken}; only {message} when the
 * account may not be signed in this way (blocked, or an Admin without 2FA).
 */
export function verifyOtp(email: string, otp: string): Promise<VerifyOtpAnswer> {
  return api('post', '/api/auth/verifyotp', { body: { email, otp }, token: null });
}

/** Verifies the email; with an access token in the answer the new user is signed in (no second password entry). */
export function useVerifyOtp() {
  const startSession = useStartSession();
  return useMutation(async ({ email, otp }: { email: string; otp: string }) => {
    const answer = await verifyOtp(email, otp);
    if (answer.accessToken) await startSession(answer.accessToken);
    return answer;
  });
}
