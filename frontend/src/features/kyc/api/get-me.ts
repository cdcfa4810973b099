import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

/** GET /api/user/get: the caller's live profile; here for the KYC status (the token's copy can be stale). */
export function useMe() {
  const swr = useSWR<ApiAnswer<'/api/user/get'>>('/user/get', swrFetcher);
  return { ...swr, kyc: swr.data?.user.KYC };
}
