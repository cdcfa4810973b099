import { api } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/auth/forgotpassword/sendotp: a generic 200 whether or not the email exists. */
export function forgotPasswordSendOtp(email: string): Promise<{ message?: string }> {
  return api('post', '/api/auth/forgotpassword/sendotp', { body: { email }, token: null });
}

/** POST /api/auth/forgotpassword/verifyotp → {resetToken} (single use, 15 minutes). */
export function forgotPasswordVerifyOtp(email: string, otp: string): Promise<{ resetToken: string }> {
  return api('post', '/api/auth/forgotpassword/verifyotp', { body: { email, otp }, token: null });
}

/** POST /api/auth/forgotpassword/reset: sets the new password and revokes every session. */
export function forgotPasswordReset(resetToken: string, password: string): Promise<{ message?: string }> {
  return api('post', '/api/auth/forgotpassword/reset', { body: { resetToken, password }, token: null });
}

/** Step 1 of a reset: email a code. */
export function useSendResetCode() {
  return useMutation((email: string) => forgotPasswordSendOtp(email));
}

/** Step 2: the code → a reset token. */
export function useVerifyResetCode() {
  return useMutation(({ email, otp }: { email: string; otp: string }) => forgotPasswordVerifyOtp(email, otp));
}

/** Step 3: the new password. */
export function useResetPassword() {
  return useMutation(({ resetToken, password }: { resetToken: string; password: string }) => forgotPasswordReset(resetToken, password));
}
