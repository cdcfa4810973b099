import { api } from '../../../lib/api';
import { copyKeys, tradeKeys, walletKeys } from '../../../lib/query-keys';
import { useCallback, useRef, useState } from 'react';
import { useMutation } from '../../../lib/use-mutation';

export type CopyAction = 'pause' | 'resume' | 'stop';
const COPY_ACTION_PATH = { pause: '/api/copies/{id}/pause', resume: '/api/copies/{id}/resume', stop: '/api/copies/{id}/stop' } as const;

/**
 * POST /api/copies/:id/pause | resume | stop (stop can move money: it takes an Idempotency-Key). A stop with
 * closePositions closes the copy's open positions now at the market and ends the copy (product.md §12.1).
 */
export function changeCopy(copyId: string, action: CopyAction, idempotencyKey?: string, closePositions = false): Promise<unknown> {
  return api('post', COPY_ACTION_PATH[action], {
    path: { id: copyId },
    headers: idempotencyKey && action === 'stop' ? { 'Idempotency-Key': idempotencyKey } : undefined,
    ...(action === 'stop' ? { body: { closePositions } } : {}),
  });
}

/**
 * Pause, resume or stop a copy. The hook owns the busy copy, the Idempotency-Key of a stop (kept for a retry
 * of the same copy and action after a lost answer, new for any other) and the refresh of copies and wallet.
 */
export function useChangeCopy() {
  const { trigger, newAttempt } = useMutation(
    ({ copyId, action, closePositions }: { copyId: string; action: CopyAction; closePositions?: boolean }, ctx) =>
      changeCopy(copyId, action, ctx.idempotencyKey, closePositions),
    { idempotent: true, invalidate: [copyKeys.all, walletKeys.all, tradeKeys.all] },
  );
  const [busyId, setBusyId] = useState<string | null>(null);
  const last = useRef('');
  const change = useCallback(
    async (copyId: string, action: CopyAction, closePositions = false) => {
      const attempt = `${copyId}:${action}:${closePositions}`;
      if (last.current !== attempt) newAttempt();
      last.current = attempt;
      setBusyId(copyId);
      try {
        return await trigger({ copyId, action, closePositions });
      } finally {
        setBusyId(null);
      }
    },
    [trigger, newAttempt],
  );
  return { change, busyId };
}
