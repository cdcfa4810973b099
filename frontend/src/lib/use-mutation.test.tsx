import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { ApiError } from './api-client';
import { useMutation, type MutationContext } from './use-mutation';

function wrapper({ children }: { children: ReactNode }) {
  // two @types/react copies are installed (root and frontend); SWR is typed against the root one
  return <SWRConfig value={{ provider: () => new Map() }}>{children as never}</SWRConfig>;
}

describe('useMutation', () => {
  it('is busy while the call runs and returns its answer', async () => {
    let resolve!: (v: string) => void;
    const { result } = renderHook(() => useMutation((_v: number) => new Promise<string>((r) => (resolve = r))), { wrapper });
    expect(result.current.busy).toBe(false);
    let p!: Promise<string>;
    act(() => {
      p = result.current.trigger(1);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      resolve('done');
      await p;
    });
    expect(result.current.busy).toBe(false);
    await expect(p).resolves.toBe('done');
  });

  it('keeps the Idempotency-Key after an unknown outcome, drops it after an HTTP answer or success', async () => {
    const keys: (string | undefined)[] = [];
    const outcomes: unknown[] = [new ApiError('FETCH_ERROR', {}), new ApiError(400, { message: 'bad' }), 'ok', 'ok'];
    const fn = vi.fn(async (_v: void, ctx: MutationContext) => {
      keys.push(ctx.idempotencyKey);
      const o = outcomes.shift();
      if (o instanceof Error) throw o;
      return o;
    });
    const { result } = renderHook(() => useMutation(fn, { idempotent: true }), { wrapper });
    for (let i = 0; i < 4; i++) await act(() => result.current.trigger().catch(() => undefined));
    expect(keys.every((k) => typeof k === 'string' && k.length >= 8)).toBe(true);
    expect(keys[1]).toBe(keys[0]); // the network error was retried with the same key
    expect(keys[2]).not.toBe(keys[1]); // a 400 is definite: a new attempt
    expect(keys[3]).not.toBe(keys[2]); // a success too
  });

  it('sends no key unless idempotent; newAttempt drops the key', async () => {
    const seen: (string | undefined)[] = [];
    const plain = renderHook(() => useMutation(async (_v: void, ctx: MutationContext) => void seen.push(ctx.idempotencyKey)), { wrapper });
    await act(() => plain.result.current.trigger());
    expect(seen).toEqual([undefined]);
    const keyed = renderHook(() => useMutation(async (_v: void, ctx: MutationContext) => { seen.push(ctx.idempotencyKey); throw new ApiError('TIMEOUT_ERROR', {}); }, { idempotent: true }), { wrapper });
    await act(() => keyed.result.current.trigger().catch(() => undefined));
    act(() => keyed.result.current.newAttempt());
    await act(() => keyed.result.current.trigger().catch(() => undefined));
    expect(seen[2]).not.toBe(seen[1]);
  });

  it('keeps the error, and revalidates the listed SWR keys after a success only', async () => {
    const fetches: string[] = [];
    const { result } = renderHook(
      () => {
        const swr = useSWR('/wallet/transactions', async (k: string) => void fetches.push(k), { dedupingInterval: 0 });
        const m = useMutation(async (fail: boolean) => { if (fail) throw new ApiError(409, { message: 'no' }); }, { invalidate: ['/wallet'] });
        return { m, swr };
      },
      { wrapper },
    );
    await waitFor(() => expect(fetches).toHaveLength(1));
    await act(() => result.current.m.trigger(true).catch(() => undefined));
    expect(result.current.m.error).toBeInstanceOf(ApiError);
    expect(fetches).toHaveLength(1);
    await act(() => result.current.m.trigger(false));
    expect(result.current.m.error).toBeUndefined();
    await waitFor(() => expect(fetches).toHaveLength(2));
  });
});
