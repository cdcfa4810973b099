import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, newIdempotencyKey } from './api-client';
import { keyMatches } from './swr-keys';

export interface MutationOptions {
  /** SWR keys (API path prefixes) to revalidate after a success, e.g. ['/wallet', '/copies']. */
  invalidate?: readonly string[];
  /**
   * Send an Idempotency-Key (money-moving routes). One key per attempt: it survives a failure whose
   * outcome is unknown (network error, timeout), so trying again replays the first request; it is
   * dropped after a success, a definite HTTP answer, or `newAttempt()` (the form changed).
   */
  idempotent?: boolean;
}

export interface MutationContext {
  idempotencyKey?: string;
}

/**
 * One server mutation owned by a feature hook: busy state, the Idempotency-Key and the cache
 * invalidation live here so that components only call `trigger` and render `busy`. `trigger` resolves
 * with the answer or rejects with the error (also kept in `error`).
 */
export function useMutation<V, R = unknown>(fn: (vars: V, ctx: MutationContext) => Promise<R>, options: MutationOptions = {}) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const key = useRef<string | null>(null);
  const inFlight = useRef(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const invalidate = (options.invalidate ?? []).join('\n');
  const idempotent = options.idempotent === true;

  const trigger = useCallback(
    async (vars: V): Promise<R> => {
      inFlight.current += 1;
      setBusy(true);
      setError(undefined);
      const ctx: MutationContext = {};
      if (idempotent) ctx.idempotencyKey = key.current ??= newIdempotencyKey();
      try {
        const result = await fnRef.current(vars, ctx);
        key.current = null;
        if (invalidate) void mutate(keyMatches(...invalidate.split('\n')));
        return result;
      } catch (e) {
        // a definite HTTP answer ends the attempt; an unknown outcome keeps the key for the retry
        if (e instanceof ApiError && typeof e.status === 'number') key.current = null;
        setError(e);
        throw e;
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) setBusy(false);
      }
    },
    [idempotent, invalidate, mutate],
  );

  const newAttempt = useCallback(() => {
    key.current = null;
  }, []);

  return { trigger, busy, error, newAttempt };
}
