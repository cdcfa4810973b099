import { authRequest } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';
import { USER_LIST_KEYS } from './types';

export interface UpdateUserBody {
  userId: string;
  balance?: string;
  roles?: string[];
  KYC?: string;
}

/** PATCH /api/user/update: only the changed fields; a balance change is an audited ledger adjustment. */
export function updateUser(body: UpdateUserBody): Promise<unknown> {
  return authRequest('/user/update', { method: 'PATCH', body });
}

/** Roles or KYC status of a user; the hook owns busy state and the refresh of the users and KYC lists. */
export function useUpdateUser() {
  return useMutation((body: UpdateUserBody) => updateUser(body), { invalidate: [...USER_LIST_KEYS, '/admin/kyc', '/admin/audit'] });
}
