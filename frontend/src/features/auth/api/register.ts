import { apiRequest } from '../../../lib/api-client';

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
