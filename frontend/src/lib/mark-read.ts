import { api } from './api';
import { notificationKeys } from './query-keys';
import { useMutation } from './use-mutation';

/** POST /api/notifications/:id/read (`all` marks every one). */
export function markNotificationRead(id: string): Promise<unknown> {
  return api('post', '/api/notifications/{id}/read', { path: { id } });
}

/**
 * Marks one notification read, or every one (`'all'`); shared by the bell (top bar) and the notifications
 * screens. The hook owns busy state and the refresh of every notifications list and unread count.
 */
export function useMarkRead() {
  return useMutation((id: string) => markNotificationRead(id), { invalidate: [notificationKeys.all] });
}
