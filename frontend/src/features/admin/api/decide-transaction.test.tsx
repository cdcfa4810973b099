import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { jsonResponse, mockFetch, signIn } from '../../../test/utils';
import { useDecideTransaction } from './decide-transaction';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map() }}>{children as never}</SWRConfig>;
}
const keyOf = (init: unknown) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'];

describe('useDecideTransaction', () => {
  it('marks the row busy while it runs; one key per transaction and decision, kept across a lost answer, new after an HTTP answer', async () => {
    signIn({ roles: ['User', 'Admin'] });
    let approve = 0;
    const fetchMock = mockFetch({
      'POST /api/admin/transactions/t1/approve': () => {
        approve += 1;
        if (approve === 1) throw new TypeError('network down');
        if (approve === 2) return jsonResponse(409, { statusCode: 409, message: 'Already decided', code: 'WALLET.ALREADY_DECIDED' });
        return jsonResponse(200, { id: 't1' });
      },
      'POST /api/admin/transactions/t1/reject': { id: 't1' },
    });
    const { result } = renderHook(() => useDecideTransaction(), { wrapper });
    let p!: Promise<unknown>;
    act(() => {
      p = result.current.decide('t1', 'approve').catch(() => undefined);
    });
    expect(result.current.busyId).toBe('t1');
    await act(async () => {
      await p;
    });
    expect(result.current.busyId).toBeNull();
    await act(() => result.current.decide('t1', 'approve').catch(() => undefined)); // 409: a definite answer
    await act(() => result.current.decide('t1', 'approve'));
    await act(() => result.current.decide('t1', 'reject'));
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[0]).toBe(keys[1]); // the retry after the lost answer replays
    expect(keys[2]).not.toBe(keys[1]); // after the 409 a new attempt
    expect(keys[3]).not.toBe(keys[2]); // another decision, another key
    expect(new Set(keys).size).toBe(3);
  });
});
