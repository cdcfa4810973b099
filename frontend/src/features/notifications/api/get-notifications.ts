import { useApi, type Schema } from '../../../lib/api';
import { notificationKeys } from '../../../lib/query-keys';

/** A notification as the document describes it: `data` carries the structured facts the SPA renders. */
export type Notification = Schema<'NotificationDto'>;

/** GET /api/notifications: mine, newest first, with the unread count. */
export function useNotifications() {
  const swr = useApi(notificationKeys.latest(10));
  return { ...swr, items: swr.data?.items, unread: swr.data?.unread ?? 0 };
}
