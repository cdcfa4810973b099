import { api } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/auth/createnewotp: sends a fresh verification code (same answer for unknown emails). */
export function createNewOtp(email: string): Promise<{ message?: string }> {
  return api('post', '/api/auth/createnewotp', { body: { email }, token: null });
}

/** "Resend code"; the hook owns busy state. */
export function useResendOtp() {
  return useMutation((email: string) => createNewOtp(email));
}
