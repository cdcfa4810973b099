import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import useSWR, { SWRConfig } from 'swr';
import { expect } from 'vitest';
import { jsonResponse, mockFetch } from './utils';

/** Reads one SWR key (with a counting fetcher), as a mounted screen would. */
function Watcher({ swrKey, fetched }: { swrKey: string; fetched: string[] }) {
  useSWR(swrKey, async () => {
    fetched.push(swrKey);
    return null;
  }, { dedupingInterval: 0 });
  return null;
}

/**
 * Renders a mutation hook in a fresh SWR cache and a router, beside screens that read `watch` (SWR keys):
 * `fetches(key)` counts how often each was fetched, so a spec can check what a success revalidates.
 */
export async function renderMutation<T>(useHook: () => T, watch: readonly string[] = []) {
  const fetched: string[] = [];
  function wrapper({ children }: { children: ReactNode }) {
    return (
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter>
          {watch.map((k) => (
            <Watcher key={k} swrKey={k} fetched={fetched} />
          ))}
          {children as never}
        </MemoryRouter>
      </SWRConfig>
    );
  }
  const view = renderHook(useHook, { wrapper });
  const fetches = (key: string) => fetched.filter((k) => k === key).length;
  await waitFor(() => watch.forEach((k) => expect(fetches(k)).toBe(1)));
  return { ...view, fetches };
}

/** A promise to settle by hand: `gate.open(response)`. */
export function gate<T>() {
  let open!: (v: T) => void;
  const promise = new Promise<T>((r) => (open = r));
  return { promise, open };
}

/**
 * Starts `run` (a trigger), checks `isBusy()` is true while the request waits on `release`, then releases
 * it and checks busy is false again. Resolves with what `run` resolved or rejected with.
 */
export async function expectBusyWhile<R>(isBusy: () => boolean, run: () => Promise<R>, release: () => void): Promise<R | unknown> {
  expect(isBusy()).toBe(false);
  let p!: Promise<R | unknown>;
  act(() => {
    p = run().catch((e: unknown) => e);
  });
  await waitFor(() => expect(isBusy()).toBe(true));
  let out: R | unknown;
  await act(async () => {
    release();
    out = await p;
  });
  expect(isBusy()).toBe(false);
  return out;
}

/** The Idempotency-Key header of a fetch call. */
export const idempotencyKeyOf = (init: unknown) => ((init as RequestInit).headers as Record<string, string> | undefined)?.['Idempotency-Key'];
/** The JSON body of a fetch call. */
export const bodyOf = (init: unknown) => JSON.parse(String((init as RequestInit).body)) as unknown;

/** Fetch stubbed with one route whose answer waits for `release()` (then 200 with `body`). */
export function pendingRoute(route: string, body: unknown = { message: 'ok' }) {
  const answer = gate<Response>();
  const fetchMock = mockFetch({ [route]: () => answer.promise });
  return { fetchMock, release: () => answer.open(jsonResponse(200, body)) };
}
