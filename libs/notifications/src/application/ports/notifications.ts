import type { Page, PageQuery, TransactionContext } from '@mirrorline/shared';
import type { Notification, NotificationInput } from '../../domain/notification';

/**
 * Port through which other contexts raise in-app notifications inside their own transaction: the items, however
 * many (one per follower of a trade), are written by one statement.
 */
export abstract class Notifications {
  abstract notify(tx: TransactionContext, items: NotificationInput[]): Promise<void>;
}

export abstract class NotificationInbox {
  abstract list(userId: string, page: PageQuery, unreadOnly: boolean): Promise<Page<Notification> & { unread: number }>;
  /** Marks one of the user's notifications read; false when it does not exist or is someone else's. */
  abstract markRead(userId: string, id: string): Promise<boolean>;
  abstract markAllRead(userId: string): Promise<number>;
}
