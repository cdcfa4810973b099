import { apiRequest } from '../../../lib/api-client';

export interface LoginBody {
  email: string;
  password: string;
}

/** POST /api/auth/login → {accessToken}; the refresh token arrives as an httpOnly cookie. */
export function login(body: LoginBody): Promise<{ accessToken: string; mfaRequired?: undefined } | { mfaRequired: true; mfaToken: string; accessToken?: undefined }> {
  return apiRequest('/auth/login', { method: 'POST', body });
}
