import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';
import { useDecision, type Decision } from '../../../lib/use-decision';

export type { Decision } from '../../../lib/use-decision';

/** POST /api/admin/transactions/:id/approve | reject, idempotent per attempt. */
export function decideTransaction(id: string, decision: Decision, idempotencyKey: string): Promise<unknown> {
  return api('post', decision === 'approve' ? '/api/admin/transactions/{id}/approve' : '/api/admin/transactions/{id}/reject', { path: { id }, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** An admin's decision on a deposit or withdrawal (busy row, Idempotency-Key per decision, refresh: useDecision). */
export function useDecideTransaction() {
  return useDecision(decideTransaction, [adminKeys.transactionsAll, adminKeys.walletsAll, adminKeys.detailsAll]);
}
