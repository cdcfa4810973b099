import { useApi, type ApiAnswer } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

export type AdminDetails = ApiAnswer<'/api/admin_details'>;

/** The queues an admin works through, with the count of each that the overview and the menu show. */
export type AdminQueue = 'kycPending' | 'pendingDeposits' | 'pendingWithdrawals' | 'pendingApprovals';

/**
 * GET /api/admin_details: counts and totals for the admin overview. `enabled: false` reads nothing (the menu
 * asks only for an admin); `refreshInterval` keeps the queue counts of the menu current.
 */
export function useAdminDetails(options: { enabled?: boolean; refreshInterval?: number } = {}) {
  return useApi(options.enabled === false ? null : adminKeys.details(), { refreshInterval: options.refreshInterval });
}
