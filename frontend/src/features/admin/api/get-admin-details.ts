import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

export type AdminDetails = ApiAnswer<'/api/admin_details'>;

/** The queues an admin works through, with the count of each that the overview and the menu show. */
export type AdminQueue = 'kycPending' | 'pendingDeposits' | 'pendingWithdrawals' | 'pendingApprovals';

/**
 * GET /api/admin_details: counts and totals for the admin overview. `enabled: false` reads nothing (the menu
 * asks only for an admin); `refreshInterval` keeps the queue counts of the menu current.
 */
export function useAdminDetails(options: { enabled?: boolean; refreshInterval?: number } = {}) {
  return useSWR<AdminDetails>(options.enabled === false ? null : '/admin_details', swrFetcher, { refreshInterval: options.refreshInterval });
}
