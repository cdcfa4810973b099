import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, newIdempotencyKey } from './api-client';
import { keyMatches } from './swr-keys';

export type Decision = 'approve' | 'reject';

/**
 * An admin's decision on one row of a list (a deposit, a withdrawal, an approval request). The hook owns the
 * busy row, one Idempotency-Key per row and decision (kept across an unknown outcome, so a retry after a lost
 * answer replays instead of deciding twice; dropped after any HTTP answer) and the refresh of the lists and
 * totals the decision changes (`invalidate`: SWR key prefixes), refused or not.
 */
export function useDecision(send: (id: string, decision: Decision, idempotencyKey: string) => Promise<unknown>, invalidate: readonly string[]) {
  const { mutate } = useSWRConfig();
  const keys = useRef(new Map<string, string>());
  const [busyId, setBusyId] = useState<string | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;
  const stale = invalidate.join('\n');
  const decide = useCallback(
    async (id: string, decision: Decision): Promise<unknown> => {
      const k = `${id}:${decision}`;
      if (!keys.current.has(k)) keys.current.set(k, newIdempotencyKey());
      setBusyId(id);
      try {
        const answer = await sendRef.current(id, decision, keys.current.get(k)!);
        keys.current.delete(k);
        return answer;
      } catch (error) {
        if (error instanceof ApiError && typeof error.status === 'number') keys.current.delete(k);
        throw error;
      } finally {
        setBusyId(null);
        // refused or not, the list shows the row's current state
        void mutate(keyMatches(...stale.split('\n')));
      }
    },
    [mutate, stale],
  );
  return { decide, busyId };
}
