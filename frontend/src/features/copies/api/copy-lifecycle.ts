import { useCallback, useRef, useState } from 'react';
import { authRequest } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';

export type CopyAction = 'pause' | 'resume' | 'stop';

/** POST /api/copies/:id/pause | resume | stop (stop can move money: it takes an Idempotency-Key). */
export function changeCopy(copyId: string, action: CopyAction, idempotencyKey?: string): Promise<unknown> {
  return authRequest(`/copies/${encodeURIComponent(copyId)}/${action}`, {
    method: 'POST',
    headers: idempotencyKey && action === 'stop' ? { 'Idempotency-Key': idempotencyKey } : undefined,
  });
}

/**
 * Pause, resume or stop a copy. The hook owns the busy copy, the Idempotency-Key of a stop (kept for a retry
 * of the same copy and action after a lost answer, new for any other) and the refresh of copies and wallet.
 */
export function useChangeCopy() {
  const { trigger, newAttempt } = useMutation(
    ({ copyId, action }: { copyId: string; action: CopyAction }, ctx) => changeCopy(copyId, action, ctx.idempotencyKey),
    { idempotent: true, invalidate: ['/copies', '/wallet', '/trades'] },
  );
  const [busyId, setBusyId] = useState<string | null>(null);
  const last = useRef('');
  const change = useCallback(
    async (copyId: string, action: CopyAction) => {
      if (last.current !== `${copyId}:${action}`) newAttempt();
      last.current = `${copyId}:${action}`;
      setBusyId(copyId);
      try {
        return await trigger({ copyId, action });
      } finally {
        setBusyId(null);
      }
    },
    [trigger, newAttempt],
  );
  return { change, busyId };
}
