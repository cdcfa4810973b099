import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/createnewotp: sends a fresh verification code (same answer for unknown emails). */
export function createNewOtp(email: string): Promise<{ message?: string }> {
  return apiRequest('/auth/createnewotp', { method: 'POST', body: { email } });
}
