import { authRequest } from './fetcher';
import { useMutation } from './use-mutation';

/** POST /api/notifications/:id/read (`all` marks every one). */
export function markNotificationRead(id: string): Promise<unknown> {
  return authRequest(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/**
 * Marks one notification read, or every one (`'all'`); shared by the bell (top bar) and the notifications
 * screens. The hook owns busy state and the refresh of every notifications list and unread count.
 */
export function useMarkRead() {
  return useMutation((id: string) => markNotificationRead(id), { invalidate: ['/notifications'] });
}
