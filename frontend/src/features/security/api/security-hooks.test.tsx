import { act } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth-session';
import { bodyOf, expectBusyWhile, gate, renderMutation } from '../../../test/mutation';
import { jsonResponse, makeToken, mockFetch, signIn } from '../../../test/utils';
import { useAddWithdrawalAddress, useDeleteWithdrawalAddress } from './addresses';
import { useCreateApiToken, useRevokeApiToken } from './api-tokens';
import { useDisableMfa, useEnableMfa } from './mfa';
import { useRevokeOtherSessions, useRevokeSession } from './sessions';

describe('security mutation hooks', () => {
  it('useEnableMfa: busy while it checks the code; the new token replaces the old one and the 2FA status refreshes', async () => {
    signIn({ username: 'before' });
    const answer = gate<Response>();
    mockFetch({ 'POST /api/auth/mfa/enable': () => answer.promise });
    const { result, fetches } = await renderMutation(() => useEnableMfa(), ['/api/auth/mfa']);
    const out = await expectBusyWhile(
      () => result.current.busy,
      () => result.current.trigger('123456'),
      () => answer.open(jsonResponse(200, { recoveryCodes: ['A-1'], accessToken: makeToken({ username: 'after' }) })),
    );
    expect((out as { recoveryCodes: string[] }).recoveryCodes).toEqual(['A-1']);
    expect(getSession().username).toBe('after');
    await vi.waitFor(() => expect(fetches('/api/auth/mfa')).toBe(2));
  });

  it('useDisableMfa: a wrong code surfaces and refreshes nothing', async () => {
    signIn();
    const fetchMock = mockFetch({ 'POST /api/auth/mfa/disable': () => jsonResponse(400, { statusCode: 400, message: 'The code is wrong', code: 'MFA.INVALID_CODE' }) });
    const { result, fetches } = await renderMutation(() => useDisableMfa(), ['/api/auth/mfa']);
    await act(() => result.current.trigger({ password: 'pw', code: '000000' }).catch(() => undefined));
    expect((result.current.error as ApiError).code).toBe('MFA.INVALID_CODE');
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ password: 'pw', code: '000000' });
    expect(fetches('/api/auth/mfa')).toBe(1);
  });

  it('sessions, tokens and addresses: each change refreshes its own list only', async () => {
    signIn();
    const fetchMock = mockFetch({
      'DELETE /api/auth/sessions/s-2': { message: 'ok' },
      'POST /api/auth/sessions/revoke-others': { message: 'ok' },
      'POST /api/auth/tokens': () => jsonResponse(201, { id: 't-2', token: 'ml_pat_x' }),
      'DELETE /api/auth/tokens/t-2': { message: 'ok' },
      'POST /api/wallet/addresses': () => jsonResponse(201, { address: { id: 'a-1' } }),
      'DELETE /api/wallet/addresses/a-1': { message: 'ok' },
    });
    const watch = ['/api/auth/sessions', '/api/auth/tokens', '/api/wallet/addresses'];
    const { result, fetches } = await renderMutation(
      () => ({
        revoke: useRevokeSession(),
        revokeOthers: useRevokeOtherSessions(),
        createToken: useCreateApiToken(),
        revokeToken: useRevokeApiToken(),
        addAddress: useAddWithdrawalAddress(),
        deleteAddress: useDeleteWithdrawalAddress(),
      }),
      watch,
    );
    const counts = () => watch.map(fetches);
    await act(() => result.current.revoke.trigger('s-2'));
    await act(() => result.current.revokeOthers.trigger());
    await vi.waitFor(() => expect(counts()).toEqual([3, 1, 1]));
    let created: unknown;
    await act(async () => {
      created = await result.current.createToken.trigger({ name: 'bot', scopes: ['read'] });
    });
    expect(created).toEqual({ id: 't-2', token: 'ml_pat_x' });
    await act(() => result.current.revokeToken.trigger('t-2'));
    await vi.waitFor(() => expect(counts()).toEqual([3, 3, 1]));
    await act(() => result.current.addAddress.trigger({ label: 'Bank', destination: 'DE89370400440532013000', mfaCode: '123456' }));
    await act(() => result.current.deleteAddress.trigger('a-1'));
    await vi.waitFor(() => expect(counts()).toEqual([3, 3, 3]));
    const add = fetchMock.mock.calls.find(([u, i]) => u === '/api/wallet/addresses' && (i as RequestInit).method === 'POST')![1] as RequestInit;
    expect(bodyOf(add)).toEqual({ label: 'Bank', destination: 'DE89370400440532013000' });
    expect((add.headers as Record<string, string>)['X-MFA-Code']).toBe('123456');
  });
});
