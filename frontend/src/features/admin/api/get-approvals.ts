import useSWR from 'swr';
import type { ApiAnswer, Schema } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

/** A grant of the Admin role or a balance adjustment waiting for (or decided by) a second admin. */
export type ApprovalRequest = Schema<'ApprovalRequestDto'>;

/** GET /api/admin/approvals?status=pending: the requests waiting for a second admin, newest first. */
export function useApprovals() {
  return useSWR<ApiAnswer<'/api/admin/approvals'>>(['/admin/approvals', { status: 'pending', limit: 100 }] as const, swrFetcher);
}
