import { act } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth-session';
import { bodyOf, expectBusyWhile, pendingRoute, renderMutation } from '../../../test/mutation';
import { jsonResponse, makeToken, mockFetch, signIn } from '../../../test/utils';
import { useBlockUser } from './block-user';
import { useCreateUser } from './create-user';
import { useDeleteUser } from './delete-user';
import { useImpersonate } from './impersonate';
import { useDecideKyc, useUpdateUser } from './update-user';

const ADMIN = { roles: ['User', 'Admin'] };

describe('admin user mutation hooks', () => {
  it('useBlockUser: busy while it runs, POSTs {userId, blocked}, then refreshes the users table', async () => {
    signIn(ADMIN);
    const { fetchMock, release } = pendingRoute('POST /api/user/block');
    const { result, fetches } = await renderMutation(() => useBlockUser(), ['/api/user/get-all', '/api/wallet']);
    await expectBusyWhile(() => result.current.busy, () => result.current.trigger({ userId: 'u-2', blocked: true }), release);
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ userId: 'u-2', blocked: true });
    await vi.waitFor(() => expect(fetches('/api/user/get-all')).toBe(2));
    expect(fetches('/api/wallet')).toBe(1);
  });

  it('useDeleteUser: a refusal surfaces with the server message and refreshes nothing', async () => {
    signIn(ADMIN);
    mockFetch({ 'POST /api/user/delete': () => jsonResponse(409, { statusCode: 409, message: 'The user still has money', code: 'USER.HAS_FUNDS' }) });
    const { result, fetches } = await renderMutation(() => useDeleteUser(), ['/api/user/get-all']);
    let error: unknown;
    await act(() => result.current.trigger('u-3').catch((e: unknown) => void (error = e)));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The user still has money');
    expect(result.current.error).toBe(error);
    expect(fetches('/api/user/get-all')).toBe(1);
  });

  it('useUpdateUser: PATCHes only the given fields and refreshes the users and KYC lists', async () => {
    signIn(ADMIN);
    const fetchMock = mockFetch({ 'PATCH /api/user/update': { message: 'ok' } });
    const { result, fetches } = await renderMutation(() => useUpdateUser(), ['/api/user/get-all', '/api/admin/kyc']);
    await act(() => result.current.trigger({ userId: 'u-4', KYC: 'Verified' }));
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ userId: 'u-4', KYC: 'Verified' });
    await vi.waitFor(() => expect([fetches('/api/user/get-all'), fetches('/api/admin/kyc')]).toEqual([2, 2]));
  });

  it('useCreateUser: roles always start with User; the users table refreshes', async () => {
    signIn(ADMIN);
    const fetchMock = mockFetch({ 'POST /api/user/create': () => jsonResponse(201, { message: 'ok' }) });
    const { result, fetches } = await renderMutation(() => useCreateUser(), ['/api/user/get-all']);
    await act(() => result.current.trigger({ username: 'bo', firstname: 'B', lastname: 'O', email: 'bo@example.com', password: 'longenough', roles: ['Trader'] }));
    expect(bodyOf(fetchMock.mock.calls[0][1])).toMatchObject({ username: 'bo', roles: ['User', 'Trader'] });
    await vi.waitFor(() => expect(fetches('/api/user/get-all')).toBe(2));
  });

  it('useImpersonate: resolves with the switch; only running it puts the user’s token in place', async () => {
    signIn(ADMIN);
    const userToken = makeToken({ userId: 'u-9', username: 'uma' }, { imp: 'admin-1' });
    mockFetch({ 'POST /api/admin/impersonate': { accessToken: userToken } });
    const { result } = await renderMutation(() => useImpersonate());
    let switchTo!: () => void;
    await act(async () => {
      switchTo = await result.current.trigger('u-9');
    });
    expect(getSession().username).toBe('ada');
    act(() => switchTo());
    expect(getSession().username).toBe('uma');
  });
});

describe('useDecideKyc', () => {
  it('marks the submission busy while it runs, sets the user’s KYC status, then refreshes the submissions and users', async () => {
    signIn(ADMIN);
    const { fetchMock, release } = pendingRoute('PATCH /api/user/update');
    const { result, fetches } = await renderMutation(() => useDecideKyc(), ['/api/admin/kyc', '/api/user/get-all']);
    await expectBusyWhile(() => result.current.busyId === 's-1', () => result.current.decide('s-1', 'u-5', 'Verified'), release);
    expect(result.current.busyId).toBeNull();
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ userId: 'u-5', KYC: 'Verified' });
    await vi.waitFor(() => expect([fetches('/api/admin/kyc'), fetches('/api/user/get-all')]).toEqual([2, 2]));
  });
});
