import { authRequest } from '../../../lib/fetcher';
import { useDecision, type Decision } from '../../../lib/use-decision';

export type { Decision } from '../../../lib/use-decision';

/** POST /api/admin/transactions/:id/approve | reject, idempotent per attempt. */
export function decideTransaction(id: string, decision: Decision, idempotencyKey: string): Promise<unknown> {
  return authRequest(`/admin/transactions/${encodeURIComponent(id)}/${decision}`, { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } });
}

/** An admin's decision on a deposit or withdrawal (busy row, Idempotency-Key per decision, refresh: useDecision). */
export function useDecideTransaction() {
  return useDecision(decideTransaction, ['/admin/transactions', '/admin/wallets', '/admin_details']);
}
