import { useApi } from '../../../lib/api';
import { userKeys } from '../../../lib/query-keys';

/** GET /api/user/get: the caller's live profile; here for the KYC status (the token's copy can be stale). */
export function useMe() {
  const swr = useApi(userKeys.me());
  return { ...swr, kyc: swr.data?.user.KYC };
}
