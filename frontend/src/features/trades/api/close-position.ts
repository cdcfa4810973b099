import { authRequest } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';

/**
 * POST /api/trades/:positionId/close (product.md §12.1): closes one copied position at the market for me alone
 * (reason copier_closed); the copy goes on. Exactly once per Idempotency-Key.
 */
export function useClosePosition() {
  return useMutation(
    (positionId: string, ctx) =>
      authRequest(`/trades/${encodeURIComponent(positionId)}/close`, {
        method: 'POST',
        body: {},
        headers: ctx.idempotencyKey ? { 'Idempotency-Key': ctx.idempotencyKey } : undefined,
      }),
    { idempotent: true, invalidate: ['/trades', '/copies', '/wallet'] },
  );
}
