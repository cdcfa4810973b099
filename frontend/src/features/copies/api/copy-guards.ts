import { api } from '../../../lib/api';
import { copyKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

export interface CopyGuards {
  /** the equity floor in % of invested (the API's field); null clears it */
  stopLossPct: number | null;
  /** % above invested; null clears it */
  takeProfitPct: number | null;
}

/** PATCH /api/copies/:id/settings (product.md §12.1): the guards of a running copy, effective at once. */
export function useCopyGuards() {
  return useMutation(
    ({ copyId, guards }: { copyId: string; guards: CopyGuards }, ctx) =>
      api('patch', '/api/copies/{id}/settings', {
        path: { id: copyId },
        body: guards,
        headers: ctx.idempotencyKey ? { 'Idempotency-Key': ctx.idempotencyKey } : undefined,
      }),
    { idempotent: true, invalidate: [copyKeys.all] },
  );
}
