import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

export interface RegisterBody {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** POST /api/auth/register → 201 {message}; a 6-digit code is emailed. */
export function register(body: RegisterBody): Promise<{ message?: string }> {
  return apiRequest('/auth/register', { method: 'POST', body });
}

/** Creates an account; the hook owns busy state. */
export function useRegister() {
  return useMutation((body: RegisterBody) => register(body));
}
