import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, num, pageOf, str } from '../../../lib/normalize';

export interface Notification {
  id: string;
  type: string;
  title: string;
  body: string;
  read: boolean;
  createdAt: string;
}

/** GET /api/notifications: mine, newest first, with the unread count. */
export function useNotifications() {
  const swr = useSWR(['/notifications', { limit: 10 }] as const, swrFetcher);
  const data = swr.data;
  const items =
    data === undefined
      ? undefined
      : pageOf<unknown>(data, 'notifications').items.map((raw) => {
          const o = isObj(raw) ? raw : {};
          return { id: str(o.id), type: str(o.type), title: str(o.title), body: str(o.body), read: Boolean(o.read), createdAt: str(o.createdAt) } satisfies Notification;
        });
  const unread = isObj(data) ? num(data.unread, items?.filter((n) => !n.read).length ?? 0) : 0;
  return { ...swr, items, unread };
}
