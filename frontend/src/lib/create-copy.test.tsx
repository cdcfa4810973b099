import { act } from '@testing-library/react';
import { bodyOf, expectBusyWhile, gate, idempotencyKeyOf, renderMutation } from '../test/mutation';
import { jsonResponse, mockFetch, signIn } from '../test/utils';
import { useCreateCopy } from './create-copy';

describe('useCreateCopy', () => {
  it('busy while it runs; a numeric trader id is sent as a number; copies, wallet and traders refresh', async () => {
    signIn({ kycverified: true });
    const answer = gate<Response>();
    const fetchMock = mockFetch({ 'POST /api/copies': () => answer.promise });
    const { result, fetches } = await renderMutation(() => useCreateCopy(), ['/api/copies', '/api/wallet', '/api/traders/3']);
    await expectBusyWhile(
      () => result.current.busy,
      () => result.current.trigger({ traderId: '3', amount: '100.00', stopLossPct: 20, copyOpenTrades: true }),
      () => answer.open(jsonResponse(201, { id: 'c1' })),
    );
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ traderId: 3, amount: '100.00', stopLossPct: 20, copyOpenTrades: true });
    await vi.waitFor(() => expect([fetches('/api/copies'), fetches('/api/wallet'), fetches('/api/traders/3')]).toEqual([2, 2, 2]));
  });

  it('the retry of a lost answer replays with the same Idempotency-Key; a changed form (newAttempt) and a refusal start a new one', async () => {
    signIn({ kycverified: true });
    const outcomes = ['lost', 'ok', 'refused', 'ok'];
    const fetchMock = mockFetch({
      'POST /api/copies': () => {
        const o = outcomes.shift();
        if (o === 'lost') throw new TypeError('network down');
        return o === 'refused' ? jsonResponse(400, { statusCode: 400, message: 'Insufficient balance', code: 'WALLET.INSUFFICIENT' }) : jsonResponse(201, { id: 'c1' });
      },
    });
    const { result } = await renderMutation(() => useCreateCopy());
    const vars = { traderId: 'abc', amount: '50.00' };
    await act(() => result.current.trigger(vars).catch(() => undefined));
    await act(() => result.current.trigger(vars));
    await act(() => result.current.trigger(vars).catch(() => undefined));
    act(() => result.current.newAttempt());
    await act(() => result.current.trigger(vars));
    const keys = fetchMock.mock.calls.map(([, init]) => idempotencyKeyOf(init));
    expect(keys[0]).toMatch(/^[\x21-\x7E]{8,255}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1)).size).toBe(3);
  });
});
