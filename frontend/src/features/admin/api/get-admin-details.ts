import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

/** GET /api/admin_details: counts and totals for the admin overview. */
export function useAdminDetails() {
  return useSWR<ApiAnswer<'/api/admin_details'>>('/admin_details', swrFetcher);
}
