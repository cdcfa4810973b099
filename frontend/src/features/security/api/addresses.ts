import { api, useApi } from '../../../lib/api';
import { walletKeys } from '../../../lib/query-keys';
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
  return useApi(walletKeys.addresses());
}
/** POST /api/wallet/addresses {label, destination} (+ X-MFA-Code when 2FA is on) */
export const addWithdrawalAddress = (label: string, destination: string, mfaCode?: string) =>
  api('post', '/api/wallet/addresses', { body: { label, destination }, headers: mfaCode ? { 'X-MFA-Code': mfaCode } : {} });
/** DELETE /api/wallet/addresses/:id */
export const deleteWithdrawalAddress = (id: string) => api('delete', '/api/wallet/addresses/{id}', { path: { id } });

/** Saves a withdrawal address (usable after the waiting period); refreshes the saved addresses. */
export function useAddWithdrawalAddress() {
  return useMutation(({ label, destination, mfaCode }: { label: string; destination: string; mfaCode?: string }) => addWithdrawalAddress(label, destination, mfaCode), {
    invalidate: [walletKeys.addressesAll],
  });
}

/** Deletes a saved withdrawal address; refreshes the saved addresses. */
export function useDeleteWithdrawalAddress() {
  return useMutation((id: string) => deleteWithdrawalAddress(id), { invalidate: [walletKeys.addressesAll] });
}
