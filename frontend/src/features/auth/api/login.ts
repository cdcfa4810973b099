import { api } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';
import { useStartSession } from './session';

export interface LoginBody {
  email: string;
  password: string;
}

export type LoginAnswer = { accessToken: string; mfaRequired?: undefined } | { mfaRequired: true; mfaToken: string; accessToken?: undefined };

/** POST /api/auth/login → {accessToken}; the refresh token arrives as an httpOnly cookie. */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return api('post', '/api/auth/login', { body, token: null }) as Promise<LoginAnswer>;
}

/**
 * Sign-in with a password. The hook owns busy state and the session: with an access token the cache is
 * emptied and the user is signed in; with 2FA on it resolves with the challenge (`mfaRequired`, `mfaToken`).
 */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation(async ({ persist, ...body }: LoginBody & { persist: boolean }): Promise<LoginAnswer> => {
    const answer = await login(body);
    if (!answer.mfaRequired) await startSession(answer.accessToken, persist);
    return answer;
  });
}
