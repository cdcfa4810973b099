import { api, type ApiBody } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';

export type BalanceAdjustmentBody = ApiBody<'/api/user/{id}/balance-adjustments', 'post'>;

/**
 * POST /api/user/{id}/balance-adjustments: +/− an amount (cents) with a required reason, as an audited
 * double-entry ledger adjustment. The hook owns busy state, the Idempotency-Key (one per attempt: a retry
 * after a lost answer replays instead of adjusting twice) and the refresh of the users and wallet lists.
 */
export function useAdjustBalance() {
  return useMutation(
    ({ userId, ...body }: BalanceAdjustmentBody & { userId: string }, ctx) =>
      api('post', '/api/user/{id}/balance-adjustments', {
        path: { id: userId },
        body,
        headers: ctx.idempotencyKey ? { 'Idempotency-Key': ctx.idempotencyKey } : undefined,
      }),
    { idempotent: true, invalidate: ['/user/get-all', '/admin/wallets', '/admin_details', '/admin/audit'] },
  );
}
