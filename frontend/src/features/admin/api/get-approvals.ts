import { useApi, type Schema } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

/** A grant of the Admin role or a balance adjustment waiting for (or decided by) a second admin. */
export type ApprovalRequest = Schema<'ApprovalRequestDto'>;

/** GET /api/admin/approvals?status=pending: the requests waiting for a second admin, newest first. */
export function useApprovals() {
  return useApi(adminKeys.approvals());
}
