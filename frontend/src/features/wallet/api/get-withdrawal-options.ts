import { useApi } from '../../../lib/api';
import { securityKeys, walletKeys } from '../../../lib/query-keys';

export interface SavedAddress {
  id: string;
  label: string;
  destination: string;
  usableAt: string;
}

/** GET /api/wallet/addresses: withdrawals go only to these, once usable (product.md §10). */
export function useSavedAddresses() {
  return useApi(walletKeys.addresses());
}

/** GET /api/auth/mfa: with 2FA on, a withdrawal needs the code (X-MFA-Code). */
export function useTwoFactorOn(): boolean {
  const { data } = useApi(securityKeys.mfa());
  return data?.enabled ?? false;
}
