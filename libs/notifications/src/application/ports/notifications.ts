import type { Page, PageQuery, Sql, TransactionContext } from '@mirrorline/shared';
import type { Notification, NotificationInput } from '../../domain/notification';

/**
 * Port through which other contexts raise in-app notifications inside their own transaction.
 * `notifyFromSelect` is the set-based path: the caller gives a SELECT whose columns are
 * (user_id, type, title, body, data) and one INSERT … SELECT writes every row, e.g. one per follower.
 * The SELECT is a `sql` fragment.
 */
export abstract class Notifications {
  abstract notify(tx: TransactionContext, items: NotificationInput[]): Promise<void>;
  abstract notifyFromSelect(tx: TransactionContext, select: Sql<unknown>): Promise<number>;
}

export abstract class NotificationInbox {
  abstract list(userId: string, page: PageQuery, unreadOnly: boolean): Promise<Page<Notification> & { unread: number }>;
  /** Marks one of the user's notifications read; false when it does not exist or is someone else's. */
  abstract markRead(userId: string, id: string): Promise<boolean>;
  abstract markAllRead(userId: string): Promise<number>;
}
