import { api, useApi } from '../../../lib/api';
import { securityKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

export interface SessionItem {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/** GET /api/auth/sessions: my sign-ins (refresh-token families) */
export function useSessions() {
  return useApi(securityKeys.sessions());
}
/** DELETE /api/auth/sessions/:id */
export const revokeSession = (id: string) => api('delete', '/api/auth/sessions/{id}', { path: { id } });
/** POST /api/auth/sessions/revoke-others */
export const revokeOtherSessions = () => api('post', '/api/auth/sessions/revoke-others');

/** Signs one of my other sessions out; refreshes the list. */
export function useRevokeSession() {
  return useMutation((id: string) => revokeSession(id), { invalidate: [securityKeys.sessionsAll] });
}

/** Signs every other session out; refreshes the list. */
export function useRevokeOtherSessions() {
  return useMutation<void>(() => revokeOtherSessions(), { invalidate: [securityKeys.sessionsAll] });
}
