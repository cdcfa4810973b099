import { api } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';
import { useStartSession } from './session';

/** POST /api/auth/login/mfa {mfaToken, code} → {accessToken} + refresh cookie (product.md §10) */
export const loginMfa = (mfaToken: string, code: string) => api('post', '/api/auth/login/mfa', { body: { mfaToken, code }, token: null });

/** GET /api/auth/mfa with a just-issued token: an Admin without 2FA is sent to enrol. */
export const getMfaStatus = (token: string) => api('get', '/api/auth/mfa', { token });

/** The second step of a 2FA sign-in (an authenticator or recovery code); signs in like `useLogin`. */
export function useLoginMfa() {
  const startSession = useStartSession();
  return useMutation(async ({ mfaToken, code, persist }: { mfaToken: string; code: string; persist: boolean }) => {
    const answer = await loginMfa(mfaToken, code);
    await startSession(answer.accessToken, persist);
    return answer;
  });
}
