import { Injectable, Optional } from '@nestjs/common';
import { runSql, Sql, sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { LiveEvents } from '@mirrorline/events';
import { Notifications } from '../../application/ports/notifications';
import type { NotificationInput } from '../../domain/notification';

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
    const rows = JSON.stringify(items.map((i) => ({ user_id: i.userId, type: i.type, title: i.title, body: i.body ?? '', data: i.data ?? null })));
    await runSql(
      emOf(tx),
      sql`INSERT INTO notifications (user_id, type, title, body, data)
          SELECT x.user_id, x.type, x.title, x.body, x.data
            FROM jsonb_to_recordset(${rows}::jsonb) AS x(user_id uuid, type text, title text, body text, data jsonb)`,
    );
    await this.liveEvents?.publish(tx, items.map((i) => i.userId), { type: 'notification', data: {} });
  }

  async notifyFromSelect(tx: TransactionContext, select: Sql<unknown>): Promise<number> {
    const rows = await runSql(
      emOf(tx),
      sql<{ user_id: string; n: string }>`WITH inserted AS (INSERT INTO notifications (user_id, type, title, body, data) ${select} RETURNING user_id)
                                          SELECT DISTINCT user_id::text, (SELECT count(*) FROM inserted) AS n FROM inserted`,
    );
    if (!rows.length) return 0;
    await this.liveEvents?.publish(tx, rows.map((r) => r.user_id), { type: 'notification', data: {} });
    return Number(rows[0].n);
  }
}
