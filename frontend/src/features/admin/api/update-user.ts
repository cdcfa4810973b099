import { authRequest } from '../../../lib/fetcher';

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
