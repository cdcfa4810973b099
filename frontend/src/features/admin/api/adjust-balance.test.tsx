import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { jsonResponse, mockFetch, signIn } from '../../../test/utils';
import { useAdjustBalance } from './adjust-balance';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map() }}>{children as never}</SWRConfig>;
}

const PATH = '/api/user/u-8/balance-adjustments';
const keyOf = (init: unknown) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'];

describe('useAdjustBalance', () => {
  it('POSTs {amount, reason} to the user’s adjustment route with an Idempotency-Key, busy while it runs', async () => {
    signIn({ roles: ['User', 'Admin'] });
    const fetchMock = mockFetch({ [`POST ${PATH}`]: { message: 'Balance adjustment requested: another admin must approve it' } });
    const { result } = renderHook(() => useAdjustBalance(), { wrapper });
    let p!: Promise<unknown>;
    act(() => {
      p = result.current.trigger({ userId: 'u-8', amount: '-10.50', reason: 'Duplicate credit' });
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      await p;
    });
    expect(result.current.busy).toBe(false);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe(PATH);
    expect((init as RequestInit).method).toBe('POST');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ amount: '-10.50', reason: 'Duplicate credit' });
    expect(keyOf(init)).toMatch(/^[\x21-\x7E]{1,255}$/);
  });

  it('retries a lost answer with the same key (the server replays, never asks twice), and a new adjustment with a new key', async () => {
    signIn({ roles: ['User', 'Admin'] });
    let calls = 0;
    const fetchMock = mockFetch({
      [`POST ${PATH}`]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('network down');
        return jsonResponse(201, { message: 'Balance adjustment requested: another admin must approve it' });
      },
    });
    const { result } = renderHook(() => useAdjustBalance(), { wrapper });
    const vars = { userId: 'u-8', amount: '+5.00', reason: 'Goodwill' };
    await act(() => result.current.trigger(vars).catch(() => undefined));
    await act(() => result.current.trigger(vars));
    await act(() => result.current.trigger(vars));
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
