import useSWR from 'swr';
import { authRequest, swrFetcher } from '../../../lib/fetcher';

export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

export interface MfaStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** GET /api/auth/mfa → {enabled, recoveryCodesLeft} */
export function useMfaStatus() {
  return useSWR<MfaStatus>('/auth/mfa', swrFetcher);
}
/** POST /api/auth/mfa/setup → a pending secret with its QR code */
export const setUpMfa = () => authRequest<MfaSetup>('/auth/mfa/setup', { method: 'POST' });
/** POST /api/auth/mfa/enable {code} → 10 recovery codes (shown once) and a fresh access token */
export const enableMfa = (code: string) => authRequest<{ recoveryCodes: string[]; accessToken: string }>('/auth/mfa/enable', { method: 'POST', body: { code } });
/** POST /api/auth/mfa/disable {password, code} */
export const disableMfa = (password: string, code: string) => authRequest('/auth/mfa/disable', { method: 'POST', body: { password, code } });
