import { authRequest } from '../../../lib/fetcher';

/** POST /api/admin/transactions/:id/approve | reject, idempotent per attempt. */
export function decideTransaction(id: string, decision: 'approve' | 'reject', idempotencyKey: string): Promise<unknown> {
  return authRequest(`/admin/transactions/${encodeURIComponent(id)}/${decision}`, { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } });
}
