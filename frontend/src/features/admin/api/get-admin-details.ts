import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';

/** GET /api/admin_details: counts and totals for the admin overview. */
export function useAdminDetails() {
  return useSWR<unknown>('/admin_details', swrFetcher);
}
