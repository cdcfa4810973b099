import { act } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth-session';
import { bodyOf, expectBusyWhile, gate, renderMutation } from '../../../test/mutation';
import { jsonResponse, mockFetch, signIn } from '../../../test/utils';
import { useChangePassword } from './change-password';
import { useDeleteAccount } from './delete-account';
import { useUpdateTraderProfile } from './update-trader-profile';

describe('account mutation hooks', () => {
  it('useChangePassword: busy while it runs, then refreshes my sessions (the others were signed out)', async () => {
    signIn();
    const answer = gate<Response>();
    const fetchMock = mockFetch({ 'POST /api/auth/changepassword': () => answer.promise });
    const { result, fetches } = await renderMutation(() => useChangePassword(), ['/api/auth/sessions']);
    await expectBusyWhile(() => result.current.busy, () => result.current.trigger({ currentPassword: 'old-pass', newPassword: 'new-pass-1' }), () => answer.open(jsonResponse(200, { message: 'ok' })));
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ currentPassword: 'old-pass', newPassword: 'new-pass-1' });
    await vi.waitFor(() => expect(fetches('/api/auth/sessions')).toBe(2));
  });

  it('useUpdateTraderProfile: PATCHes the changes and refreshes the traders pages; a refusal surfaces', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 4 });
    let refuse = false;
    mockFetch({ 'PATCH /api/traders/me': () => (refuse ? jsonResponse(400, { statusCode: 400, message: 'share must not be greater than 50', code: 'VALIDATION' }) : jsonResponse(200, {})) });
    const { result, fetches } = await renderMutation(() => useUpdateTraderProfile(), ['/api/traders/4']);
    await act(() => result.current.trigger({ share: 20 }));
    await vi.waitFor(() => expect(fetches('/api/traders/4')).toBe(2));
    refuse = true;
    await act(() => result.current.trigger({ share: 60 }).catch(() => undefined));
    expect((result.current.error as ApiError).message).toBe('share must not be greater than 50');
  });

  it('useDeleteAccount: resolves with the sign-out, which clears the session only when run; a wrong password keeps it', async () => {
    signIn({ userId: 'u-1' });
    mockFetch({ 'POST /api/user/delete': (_u: string, init: RequestInit) => ((bodyOf(init) as { password: string }).password === 'right' ? jsonResponse(200, {}) : jsonResponse(401, { statusCode: 401, message: 'Wrong password' })) });
    const { result } = await renderMutation(() => useDeleteAccount());
    await act(() => result.current.trigger({ userId: 'u-1', password: 'wrong' }).catch(() => undefined));
    expect((result.current.error as ApiError).status).toBe(401);
    let signOut!: () => void;
    await act(async () => {
      signOut = await result.current.trigger({ userId: 'u-1', password: 'right' });
    });
    expect(getSession().isLoggedIn).toBe(true);
    act(() => signOut());
    expect(getSession().isLoggedIn).toBe(false);
  });
});
