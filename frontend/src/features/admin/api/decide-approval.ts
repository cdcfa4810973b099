import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';
import { useDecision, type Decision } from '../../../lib/use-decision';

/**
 * POST /api/admin/approvals/:id/approve | reject (four eyes, product.md §11.4). The approval moves money or
 * grants the Admin role: it carries an Idempotency-Key, so a retry after a lost answer replays it.
 */
export function decideApproval(id: string, decision: Decision, idempotencyKey: string): Promise<unknown> {
  return api('post', decision === 'approve' ? '/api/admin/approvals/{id}/approve' : '/api/admin/approvals/{id}/reject', {
    path: { id },
    headers: decision === 'approve' ? { 'Idempotency-Key': idempotencyKey } : undefined,
  });
}

/** A decision on a request waiting for a second admin; refreshes the requests, the users and the totals. */
export function useDecideApproval() {
  return useDecision(decideApproval, [adminKeys.approvalsAll, adminKeys.usersAll, adminKeys.walletsAll, adminKeys.detailsAll, adminKeys.auditAll]);
}
