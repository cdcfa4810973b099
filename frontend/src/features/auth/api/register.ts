import { api } from '../../../lib/api';
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
  return api('post', '/api/auth/register', { body, token: null });
}

/** Creates an account; the hook owns busy state. */
export function useRegister() {
  return useMutation((body: RegisterBody) => register(body));
}
