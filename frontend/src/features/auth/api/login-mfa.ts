import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/login/mfa {mfaToken, code} → {accessToken} + refresh cookie (product.md §10) */
export const loginMfa = (mfaToken: string, code: string) => apiRequest<{ accessToken: string }>('/auth/login/mfa', { method: 'POST', body: { mfaToken, code } });

/** GET /api/auth/mfa with a just-issued token: an Admin without 2FA is sent to enrol. */
export const getMfaStatus = (token: string) => apiRequest<{ enabled: boolean; recoveryCodesLeft: number }>('/auth/mfa', { token });
