import { api, useApi } from '../../../lib/api';
import { securityKeys } from '../../../lib/query-keys';
import { setCredentials } from '../../../lib/auth-session';
import { useMutation } from '../../../lib/use-mutation';

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
  return useApi(securityKeys.mfa());
}
/** POST /api/auth/mfa/setup → a pending secret with its QR code */
export const setUpMfa = () => api('post', '/api/auth/mfa/setup');
/** POST /api/auth/mfa/enable {code} → 10 recovery codes (shown once) and a fresh access token */
export const enableMfa = (code: string) => api('post', '/api/auth/mfa/enable', { body: { code } });
/** POST /api/auth/mfa/disable {password, code} */
export const disableMfa = (password: string, code: string) => api('post', '/api/auth/mfa/disable', { body: { password, code } });

const MFA_KEYS = [securityKeys.mfaAll];

/** Turns 2FA on with a first code; the new access token (it says 2FA is on) replaces the old one. */
export function useEnableMfa() {
  return useMutation(
    async (code: string) => {
      const result = await enableMfa(code);
      setCredentials({ accessToken: result.accessToken });
      return result;
    },
    { invalidate: MFA_KEYS },
  );
}

/** Turns 2FA off (password and a code); the hook owns busy state and the refresh of the status. */
export function useDisableMfa() {
  return useMutation(({ password, code }: { password: string; code: string }) => disableMfa(password, code), { invalidate: MFA_KEYS });
}
