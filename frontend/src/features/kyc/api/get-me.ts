import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, pick, str } from '../../../lib/normalize';

/** GET /api/user/get: the caller's live profile; here for the KYC status (the token's copy can be stale). */
export function useMe() {
  const swr = useSWR('/user/get', swrFetcher);
  const user = isObj(swr.data) && isObj(swr.data.user) ? swr.data.user : swr.data;
  const kyc = user === undefined ? undefined : str(pick(user, 'KYC', 'kyc', 'kycstring', 'kycStatus'), 'Unverified');
  return { ...swr, kyc };
}
