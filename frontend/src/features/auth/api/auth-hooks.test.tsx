import { act } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { getPersist, getSession } from '../../../lib/auth-session';
import { bodyOf, expectBusyWhile, gate, renderMutation } from '../../../test/mutation';
import { jsonResponse, makeToken, mockFetch, signIn } from '../../../test/utils';
import { useSendResetCode, useResetPassword, useVerifyResetCode } from './forgot-password';
import { useLogin } from './login';
import { useLoginMfa } from './login-mfa';
import { useRegister } from './register';
import { useResendOtp } from './create-new-otp';
import { useVerifyOtp } from './verify-otp';

const newUser = makeToken({ userId: 'u-7', username: 'neo' });

describe('auth mutation hooks', () => {
  it('useLogin: busy while it runs; signs in with the token, empties the cache of the previous account and keeps "trust this device"', async () => {
    signIn({ username: 'previous' });
    const answer = gate<Response>();
    const fetchMock = mockFetch({ 'POST /api/auth/login': () => answer.promise });
    const { result, fetches } = await renderMutation(() => useLogin(), ['/api/wallet']);
    const out = await expectBusyWhile(
      () => result.current.busy,
      () => result.current.trigger({ email: 'neo@example.com', password: 'secret-pw', persist: false }),
      () => answer.open(jsonResponse(200, { accessToken: newUser })),
    );
    expect(out).toEqual({ accessToken: newUser });
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ email: 'neo@example.com', password: 'secret-pw' });
    expect(getSession().username).toBe('neo');
    expect(getPersist()).toBe(false); // the default is true
    await vi.waitFor(() => expect(fetches('/api/wallet')).toBe(2));
  });

  it('useLogin with 2FA on: resolves with the challenge and signs nobody in; useLoginMfa completes it', async () => {
    mockFetch({
      'POST /api/auth/login': { mfaRequired: true, mfaToken: 'mfa-1' },
      'POST /api/auth/login/mfa': (_u: string, init: RequestInit) =>
        (bodyOf(init) as { code: string }).code === '123456' ? jsonResponse(200, { accessToken: newUser }) : jsonResponse(400, { statusCode: 400, message: 'Wrong code', code: 'MFA.INVALID_CODE' }),
    });
    const login = await renderMutation(() => useLogin());
    const mfa = await renderMutation(() => useLoginMfa());
    let answer: unknown;
    await act(async () => {
      answer = await login.result.current.trigger({ email: 'neo@example.com', password: 'pw', persist: false });
    });
    expect(answer).toEqual({ mfaRequired: true, mfaToken: 'mfa-1' });
    expect(getSession().isLoggedIn).toBe(false);
    await act(() => mfa.result.current.trigger({ mfaToken: 'mfa-1', code: '000000', persist: false }).catch(() => undefined));
    expect(mfa.result.current.error).toBeInstanceOf(ApiError);
    expect(getSession().isLoggedIn).toBe(false);
    await act(() => mfa.result.current.trigger({ mfaToken: 'mfa-1', code: '123456', persist: false }));
    expect(getSession().username).toBe('neo');
  });

  it('useVerifyOtp signs the new user in when the answer has a token, not when it has only a message', async () => {
    let withToken = false;
    mockFetch({ 'POST /api/auth/verifyotp': () => jsonResponse(200, withToken ? { accessToken: newUser } : { message: 'Email verified' }) });
    const { result } = await renderMutation(() => useVerifyOtp());
    await act(() => result.current.trigger({ email: 'neo@example.com', otp: '123456' }));
    expect(getSession().isLoggedIn).toBe(false);
    withToken = true;
    await act(() => result.current.trigger({ email: 'neo@example.com', otp: '123456' }));
    expect(getSession().username).toBe('neo');
  });

  it('useRegister, useResendOtp and the three reset steps send their bodies; a refusal surfaces', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/register': () => jsonResponse(201, { message: 'ok' }),
      'POST /api/auth/createnewotp': { message: 'ok' },
      'POST /api/auth/forgotpassword/sendotp': { message: 'ok' },
      'POST /api/auth/forgotpassword/verifyotp': { resetToken: 'rt-1' },
      'POST /api/auth/forgotpassword/reset': () => jsonResponse(400, { statusCode: 400, message: 'The reset link expired', code: 'AUTH.RESET_EXPIRED' }),
    });
    const register = await renderMutation(() => useRegister());
    const resend = await renderMutation(() => useResendOtp());
    const send = await renderMutation(() => useSendResetCode());
    const verify = await renderMutation(() => useVerifyResetCode());
    const reset = await renderMutation(() => useResetPassword());
    const body = { username: 'neo', firstname: 'N', lastname: 'O', email: 'neo@example.com', password: 'longenough' };
    await act(() => register.result.current.trigger(body));
    await act(() => resend.result.current.trigger('neo@example.com'));
    await act(() => send.result.current.trigger('neo@example.com'));
    let token: unknown;
    await act(async () => {
      token = await verify.result.current.trigger({ email: 'neo@example.com', otp: '654321' });
    });
    expect(token).toEqual({ resetToken: 'rt-1' });
    await act(() => reset.result.current.trigger({ resetToken: 'rt-1', password: 'new-password' }).catch(() => undefined));
    expect((reset.result.current.error as ApiError).message).toBe('The reset link expired');
    expect(reset.result.current.busy).toBe(false);
    expect(fetchMock.mock.calls.map(([u, init]) => [u, bodyOf(init)])).toEqual([
      ['/api/auth/register', body],
      ['/api/auth/createnewotp', { email: 'neo@example.com' }],
      ['/api/auth/forgotpassword/sendotp', { email: 'neo@example.com' }],
      ['/api/auth/forgotpassword/verifyotp', { email: 'neo@example.com', otp: '654321' }],
      ['/api/auth/forgotpassword/reset', { resetToken: 'rt-1', password: 'new-password' }],
    ]);
  });
});
