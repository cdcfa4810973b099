import useSWR from 'swr';
import { authRequest, swrFetcher } from '../../../lib/fetcher';

export interface WithdrawalAddressItem {
  id: string;
  label: string;
  destination: string;
  createdAt: string;
  usableAt: string;
}

/** GET /api/wallet/addresses */
export function useWithdrawalAddresses() {
  return useSWR<{ items: WithdrawalAddressItem[] }>('/wallet/addresses', swrFetcher);
}
/** POST /api/wallet/addresses {label, destination} (+ X-MFA-Code when 2FA is on) */
export const addWithdrawalAddress = (label: string, destination: string, mfaCode?: string) =>
  authRequest<{ address: WithdrawalAddressItem }>('/wallet/addresses', { method: 'POST', body: { label, destination }, headers: mfaCode ? { 'X-MFA-Code': mfaCode } : {} });
/** DELETE /api/wallet/addresses/:id */
export const deleteWithdrawalAddress = (id: string) => authRequest(`/wallet/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });
