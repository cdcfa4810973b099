import { act } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { bodyOf, expectBusyWhile, gate, idempotencyKeyOf, renderMutation } from '../../../test/mutation';
import { jsonResponse, mockFetch, signIn } from '../../../test/utils';
import { useDeposit } from './deposit';
import { useWithdraw } from './withdraw';

describe('wallet mutation hooks', () => {
  it('useDeposit: busy while it runs; the retry of a lost answer keeps the key, a changed amount (newAttempt) gets a new one; the wallet refreshes', async () => {
    signIn({ kycverified: true });
    const first = gate<Response>();
    let calls = 0;
    const fetchMock = mockFetch({
      'POST /api/wallet/deposit': () => {
        calls += 1;
        if (calls === 1) return first.promise;
        return jsonResponse(201, { id: 't1' });
      },
    });
    const { result, fetches } = await renderMutation(() => useDeposit(), ['/api/wallet', '/api/wallet/transactions']);
    const lost = await expectBusyWhile(() => result.current.busy, () => result.current.trigger('25.00'), () => first.open(Promise.reject(new TypeError('network down')) as never));
    expect(lost).toBeInstanceOf(ApiError);
    await act(() => result.current.trigger('25.00'));
    act(() => result.current.newAttempt());
    await act(() => result.current.trigger('30.00'));
    const keys = fetchMock.mock.calls.map(([, init]) => idempotencyKeyOf(init));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(bodyOf(fetchMock.mock.calls[2][1])).toEqual({ amount: '30.00' });
    await vi.waitFor(() => expect([fetches('/api/wallet'), fetches('/api/wallet/transactions')]).toEqual([3, 3]));
  });

  it('useWithdraw: sends the destination and the authenticator code; a refusal surfaces and refreshes nothing', async () => {
    signIn({ kycverified: true });
    let refuse = true;
    const fetchMock = mockFetch({
      'POST /api/wallet/withdraw': () => (refuse ? jsonResponse(400, { statusCode: 400, message: 'Insufficient balance', code: 'WALLET.INSUFFICIENT' }) : jsonResponse(201, { id: 't2' })),
    });
    const { result, fetches } = await renderMutation(() => useWithdraw(), ['/api/wallet']);
    await act(() => result.current.trigger({ amount: '10.00', destination: 'DE89370400440532013000', mfaCode: '123456' }).catch(() => undefined));
    expect((result.current.error as ApiError).message).toBe('Insufficient balance');
    expect(fetches('/api/wallet')).toBe(1);
    refuse = false;
    await act(() => result.current.trigger({ amount: '5.00', destination: 'DE89370400440532013000' }));
    const [first, second] = fetchMock.mock.calls.map(([, init]) => init as RequestInit);
    expect((first.headers as Record<string, string>)['X-MFA-Code']).toBe('123456');
    expect((second.headers as Record<string, string>)['X-MFA-Code']).toBeUndefined();
    expect(idempotencyKeyOf(second)).not.toBe(idempotencyKeyOf(first)); // a 400 is a definite answer
    expect(bodyOf(second)).toEqual({ amount: '5.00', destination: 'DE89370400440532013000' });
    await vi.waitFor(() => expect(fetches('/api/wallet')).toBe(2));
  });
});
