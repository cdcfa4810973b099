import useSWR from 'swr';
import { authRequest, swrFetcher } from '../../../lib/fetcher';
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
  return useSWR<{ items: SessionItem[] }>('/auth/sessions', swrFetcher);
}
/** DELETE /api/auth/sessions/:id */
export const revokeSession = (id: string) => authRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
/** POST /api/auth/sessions/revoke-others */
export const revokeOtherSessions = () => authRequest('/auth/sessions/revoke-others', { method: 'POST' });

/** Signs one of my other sessions out; refreshes the list. */
export function useRevokeSession() {
  return useMutation((id: string) => revokeSession(id), { invalidate: ['/auth/sessions'] });
}

/** Signs every other session out; refreshes the list. */
export function useRevokeOtherSessions() {
  return useMutation<void>(() => revokeOtherSessions(), { invalidate: ['/auth/sessions'] });
}
