import { api, type ApiBody } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';
import { useCallback, useState } from 'react';
import { useMutation } from '../../../lib/use-mutation';

export interface UpdateUserBody {
  userId: string;
  balance?: string;
  roles?: string[];
  KYC?: string;
}

/** What PATCH /api/user/update answers that the screens read: what changed now, what waits for another admin. */
export interface UpdateUserAnswer {
  changed: string[];
  requested: string[];
}

/** PATCH /api/user/update: only the changed fields; the Admin role and a balance are requests another admin approves. */
export function updateUser(body: UpdateUserBody): Promise<UpdateUserAnswer> {
  return api('patch', '/api/user/update', { body: body as ApiBody<'/api/user/update', 'patch'> });
}

/** Roles or KYC status of a user; the hook owns busy state and the refresh of the users and KYC lists. */
export function useUpdateUser() {
  return useMutation((body: UpdateUserBody) => updateUser(body), { invalidate: [adminKeys.usersAll, adminKeys.kycAll, adminKeys.auditAll, adminKeys.detailsAll] });
}

/**
 * A decision on a KYC submission: sets the user's KYC status. The hook owns the busy submission (one row of
 * the review table) and the refresh of the submissions and users lists.
 */
export function useDecideKyc() {
  const { trigger } = useUpdateUser();
  const [busyId, setBusyId] = useState<string | null>(null);
  const decide = useCallback(
    async (submissionId: string, userId: string, KYC: 'Verified' | 'Unverified') => {
      setBusyId(submissionId);
      try {
        return await trigger({ userId, KYC });
      } finally {
        setBusyId(null);
      }
    },
    [trigger],
  );
  return { decide, busyId };
}
