import { Injectable, Optional } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { emOf, runSqlBound } from '@mirrorline/shared/nest';
import { LiveEvents } from '@mirrorline/events';
import { Notifications } from '../../application/ports/notifications';
import type { NotificationInput } from '../../domain/notification';
import { notificationsQueries } from './notifications.queries';

/**
 * Every notification written also raises a `notification` live event for its user (events/stream), sent
 * with the transaction's commit: the SPA's bell refreshes its unread count without polling.
 */
@Injectable()
export class SqlNotifications extends Notifications {
  // Optional so that the benches can wire this adapter by hand without the events context.
  constructor(@Optional() private readonly liveEvents?: LiveEvents) {
    super();
  }

  async notify(tx: TransactionContext, items: NotificationInput[]): Promise<void> {
    if (!items.length) return;
    // bound, not formatted into the text: a large trade's notices are column arrays of megabytes (runSqlBound)
    await runSqlBound(emOf(tx), notificationsQueries.insertMany(items));
    await this.liveEvents?.publish(tx, items.map((i) => i.userId), { type: 'notification', data: {} });
  }
}
