import useSWR from 'swr';
import type { ApiAnswer, Schema } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

/** A notification as the document describes it: `data` carries the structured facts the SPA renders. */
export type Notification = Schema<'NotificationDto'>;

/** GET /api/notifications: mine, newest first, with the unread count. */
export function useNotifications() {
  const swr = useSWR<ApiAnswer<'/api/notifications'>>(['/notifications', { limit: 10 }] as const, swrFetcher);
  return { ...swr, items: swr.data?.items, unread: swr.data?.unread ?? 0 };
}
