import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';

export interface SavedAddress {
  id: string;
  label: string;
  destination: string;
  usableAt: string;
}

/** GET /api/wallet/addresses: withdrawals go only to these, once usable (product.md §10). */
export function useSavedAddresses() {
  return useSWR<{ items: SavedAddress[] }>('/wallet/addresses', swrFetcher);
}

/** GET /api/auth/mfa: with 2FA on, a withdrawal needs the code (X-MFA-Code). */
export function useTwoFactorOn(): boolean {
  const { data } = useSWR<{ enabled: boolean }>('/auth/mfa', swrFetcher);
  return data?.enabled ?? false;
}
