import useSWR from 'swr';
import { authRequest, swrFetcher } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';

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

/** Saves a withdrawal address (usable after the waiting period); refreshes the saved addresses. */
export function useAddWithdrawalAddress() {
  return useMutation(({ label, destination, mfaCode }: { label: string; destination: string; mfaCode?: string }) => addWithdrawalAddress(label, destination, mfaCode), {
    invalidate: ['/wallet/addresses'],
  });
}

/** Deletes a saved withdrawal address; refreshes the saved addresses. */
export function useDeleteWithdrawalAddress() {
  return useMutation((id: string) => deleteWithdrawalAddress(id), { invalidate: ['/wallet/addresses'] });
}
