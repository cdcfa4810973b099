import { api } from '../../../lib/api';
import { copyKeys, tradeKeys, walletKeys } from '../../../lib/query-keys';
import { useCallback } from 'react';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/copies/:id/funds {amount}: move cash into the copy. */
export function addCopyFunds(copyId: string, amount: string, idempotencyKey: string): Promise<unknown> {
  return api('post', '/api/copies/{id}/funds', { path: { id: copyId }, body: { amount }, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/copies/:id/withdraw {amount}: take free equity back to cash. */
export function withdrawCopyFunds(copyId: string, amount: string, idempotencyKey: string): Promise<unknown> {
  return api('post', '/api/copies/{id}/withdraw', { path: { id: copyId }, body: { amount }, headers: { 'Idempotency-Key': idempotencyKey } });
}

export interface CopyFundsVars {
  copyId: string;
  kind: 'add' | 'withdraw';
  /** a 2-decimal amount */
  amount: string;
}

/**
 * Adds funds to a copy or takes free equity back. The hook owns busy state, the Idempotency-Key (one per
 * attempt; call `newAttempt()` when the form changes) and the refresh of copies, wallet and trades.
 */
export function useCopyFunds() {
  const m = useMutation(
    ({ copyId, kind, amount }: CopyFundsVars, ctx) =>
      kind === 'add' ? addCopyFunds(copyId, amount, ctx.idempotencyKey!) : withdrawCopyFunds(copyId, amount, ctx.idempotencyKey!),
    { idempotent: true, invalidate: [copyKeys.all, walletKeys.all, tradeKeys.all] },
  );
  const { trigger, newAttempt } = m;
  const move = useCallback((vars: CopyFundsVars) => trigger(vars), [trigger]);
  return { move, busy: m.busy, newAttempt };
}
