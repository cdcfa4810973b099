import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { authRequest } from '../../../lib/fetcher';
import { keyMatches } from '../../../lib/swr-keys';

export type Decision = 'approve' | 'reject';

/** POST /api/admin/transactions/:id/approve | reject, idempotent per attempt. */
export function decideTransaction(id: string, decision: Decision, idempotencyKey: string): Promise<unknown> {
  return authRequest(`/admin/transactions/${encodeURIComponent(id)}/${decision}`, { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * An admin's decision on a deposit or withdrawal. The hook owns the busy row, one Idempotency-Key per
 * transaction and decision (kept across an unknown outcome, so a retry after a lost answer replays instead
 * of deciding twice; dropped after any HTTP answer) and the refresh of the lists and totals it changes.
 */
export function useDecideTransaction() {
  const { mutate } = useSWRConfig();
  const keys = useRef(new Map<string, string>());
  const [busyId, setBusyId] = useState<string | null>(null);
  const decide = useCallback(
    async (id: string, decision: Decision): Promise<unknown> => {
      const k = `${id}:${decision}`;
      if (!keys.current.has(k)) keys.current.set(k, newIdempotencyKey());
      setBusyId(id);
      try {
        const answer = await decideTransaction(id, decision, keys.current.get(k)!);
        keys.current.delete(k);
        return answer;
      } catch (error) {
        if (error instanceof ApiError && typeof error.status === 'number') keys.current.delete(k);
        throw error;
      } finally {
        setBusyId(null);
        // refused or not, the list shows the transaction's current state
        void mutate(keyMatches('/admin/transactions', '/admin/wallets', '/admin_details'));
      }
    },
    [mutate],
  );
  return { decide, busyId };
}
