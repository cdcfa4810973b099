import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { jsonResponse, mockFetch, signIn } from '../../../test/utils';
import { useCopyFunds } from './copy-funds';
import { useChangeCopy } from './copy-lifecycle';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map() }}>{children as never}</SWRConfig>;
}
const keyOf = (init: unknown) => ((init as RequestInit).headers as Record<string, string> | undefined)?.['Idempotency-Key'];

describe('copy mutation hooks', () => {
  it('useCopyFunds: add and take back with an Idempotency-Key per attempt; a changed form starts a new attempt', async () => {
    signIn();
    let funds = 0;
    const fetchMock = mockFetch({
      'POST /api/copies/c1/funds': () => {
        funds += 1;
        if (funds === 1) throw new TypeError('network down');
        return jsonResponse(200, { id: 'c1' });
      },
      'POST /api/copies/c1/withdraw': { id: 'c1' },
    });
    const { result } = renderHook(() => useCopyFunds(), { wrapper });
    await act(() => result.current.move({ copyId: 'c1', kind: 'add', amount: '50.00' }).catch(() => undefined));
    await act(() => result.current.move({ copyId: 'c1', kind: 'add', amount: '50.00' }));
    act(() => result.current.newAttempt());
    await act(() => result.current.move({ copyId: 'c1', kind: 'withdraw', amount: '5.00' }));
    const calls = fetchMock.mock.calls.map(([u, init]) => ({ url: String(u), key: keyOf(init), body: JSON.parse(String((init as RequestInit).body)) }));
    expect(calls.map((c) => c.url)).toEqual(['/api/copies/c1/funds', '/api/copies/c1/funds', '/api/copies/c1/withdraw']);
    expect(calls[0].key).toBe(calls[1].key); // the retry after the lost answer replays
    expect(calls[2].key).not.toBe(calls[1].key);
    expect(calls[2].body).toEqual({ amount: '5.00' });
    expect(result.current.busy).toBe(false);
  });

  it('useChangeCopy: the busy copy while it runs; a stop carries a key that a retry of the same stop keeps and another copy does not', async () => {
    signIn();
    let stops = 0;
    const fetchMock = mockFetch({
      'POST /api/copies/c1/stop': () => {
        stops += 1;
        if (stops === 1) throw new TypeError('network down');
        return jsonResponse(200, { id: 'c1' });
      },
      'POST /api/copies/c2/stop': { id: 'c2' },
      'POST /api/copies/c2/pause': { id: 'c2' },
    });
    const { result } = renderHook(() => useChangeCopy(), { wrapper });
    let p!: Promise<unknown>;
    act(() => {
      p = result.current.change('c1', 'stop').catch(() => undefined);
    });
    expect(result.current.busyId).toBe('c1');
    await act(async () => {
      await p;
    });
    expect(result.current.busyId).toBeNull();
    await act(() => result.current.change('c2', 'stop'));
    await act(() => result.current.change('c1', 'stop'));
    await act(() => result.current.change('c2', 'pause'));
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[0]).toBeDefined();
    expect(keys[1]).not.toBe(keys[0]); // another copy: a new attempt
    expect(keys[3]).toBeUndefined(); // pause moves no money
  });
});
