import { adminKeys } from '../../../lib/query-keys';
import { api, type ApiBody } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';

export type BalanceAdjustmentBody = ApiBody<'/api/user/{id}/balance-adjustments', 'post'>;

/**
 * POST /api/user/{id}/balance-adjustments: asks for +/− an amount (cents) with a required reason; another admin
 * approves it (four eyes), and then it is an audited double-entry ledger adjustment. The hook owns busy state, the
 * Idempotency-Key (one per attempt: a retry after a lost answer replays instead of asking twice) and the refresh
 * of the users list (its row shows the request) and the approvals list.
 */
export function useAdjustBalance() {
  return useMutation(
    ({ userId, ...body }: BalanceAdjustmentBody & { userId: string }, ctx) =>
      api('post', '/api/user/{id}/balance-adjustments', {
        path: { id: userId },
        body,
        headers: ctx.idempotencyKey ? { 'Idempotency-Key': ctx.idempotencyKey } : undefined,
      }),
    { idempotent: true, invalidate: [adminKeys.usersAll, adminKeys.approvalsAll, adminKeys.auditAll, adminKeys.detailsAll] },
  );
}
