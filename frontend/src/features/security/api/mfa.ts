import { apiRequest } from '../../../lib/api-client';

export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

/** GET /api/auth/mfa → {enabled, recoveryCodesLeft} */
export const getMfaStatus = (token?: string) => apiRequest<{ enabled: boolean; recoveryCodesLeft: number }>('/auth/mfa', token ? { token } : {});
/** POST /api/auth/mfa/setup → a pending secret with its QR code */
export const setUpMfa = () => apiRequest<MfaSetup>('/auth/mfa/setup', { method: 'POST' });
/** POST /api/auth/mfa/enable {code} → 10 recovery codes (shown once) and a fresh access token */
export const enableMfa = (code: string) => apiRequest<{ recoveryCodes: string[]; accessToken: string }>('/auth/mfa/enable', { method: 'POST', body: { code } });
