import { api } from '../../../lib/api';
import { copyKeys, tradeKeys, walletKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

/**
 * POST /api/trades/:positionId/close (product.md §12.1): closes one copied position at the market for me alone
 * (reason copier_closed); the copy goes on. Exactly once per Idempotency-Key.
 */
export function useClosePosition() {
  return useMutation(
    (positionId: string, ctx) =>
      api('post', '/api/trades/{positionId}/close', {
        path: { positionId },
        body: {},
        headers: ctx.idempotencyKey ? { 'Idempotency-Key': ctx.idempotencyKey } : undefined,
      }),
    { idempotent: true, invalidate: [tradeKeys.all, copyKeys.all, walletKeys.all] },
  );
}
