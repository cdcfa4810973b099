import { Injectable, Optional } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { LiveEvents } from '@mirrorline/events';
import { NotificationInbox, Notifications } from '../../application/ports/notifications';
import type { Notification, NotificationInput } from '../../domain/notification';

interface Row {
  id: string;
  type: string;
  title: string;
  body: string;
  data: Record<string, unknown> | null;
  read_at: Date | null;
  created_at: Date;
  total: string;
}

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
    await emOf(tx).execute(
      `INSERT INTO notifications (user_id, type, title, body, data)
       SELECT x.user_id, x.type, x.title, x.body, x.data
       FROM jsonb_to_recordset(?::jsonb) AS x(user_id uuid, type text, title text, body text, data jsonb)`,
      [JSON.stringify(items.map((i) => ({ user_id: i.userId, type: i.type, title: i.title, body: i.body ?? '', data: i.data ?? null })))],
    );
    await this.liveEvents?.publish(tx, items.map((i) => i.userId), { type: 'notification', data: {} });
  }

  async notifyFromSelect(tx: TransactionContext, select: string, params: unknown[] = []): Promise<number> {
    const rows = await emOf(tx).execute<Array<{ user_id: string; n: string }>>(
      `WITH inserted AS (INSERT INTO notifications (user_id, type, title, body, data) ${select} RETURNING user_id)
       SELECT DISTINCT user_id::text, (SELECT count(*) FROM inserted) AS n FROM inserted`,
      params,
    );
    if (!rows.length) return 0;
    await this.liveEvents?.publish(tx, rows.map((r) => r.user_id), { type: 'notification', data: {} });
    return Number(rows[0].n);
  }
}

@Injectable()
export class SqlNotificationInbox extends NotificationInbox {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async list(userId: string, page: PageQuery, unreadOnly: boolean): Promise<Page<Notification> & { unread: number }> {
    const conn = this.em.getConnection();
    const [rows, [{ unread }]] = await Promise.all([
      conn.execute<Row[]>(
        `SELECT id::text, type, title, body, data, read_at, created_at, count(*) OVER () AS total
         FROM notifications WHERE user_id = ? ${unreadOnly ? 'AND read_at IS NULL' : ''}
         ORDER BY id DESC LIMIT ? OFFSET ?`,
        [userId, page.limit, pageOffset(page)],
      ),
      conn.execute<{ unread: string }[]>('SELECT count(*) AS unread FROM notifications WHERE user_id = ? AND read_at IS NULL', [userId]),
    ]);
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page.page > 1) {
      const [{ n }] = await conn.execute<{ n: string }[]>(
        `SELECT count(*) AS n FROM notifications WHERE user_id = ? ${unreadOnly ? 'AND read_at IS NULL' : ''}`,
        [userId],
      );
      total = Number(n);
    }
    return {
      items: rows.map((r) => ({
        id: r.id,
        type: r.type,
        title: r.title,
        body: r.body,
        data: r.data,
        read: r.read_at !== null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total,
      unread: Number(unread),
      page: page.page,
      limit: page.limit,
    };
  }

  async markRead(userId: string, id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>(
        'UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = ? AND user_id = ? RETURNING id',
        [id, userId],
      );
    return rows.length > 0;
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>('UPDATE notifications SET read_at = now() WHERE user_id = ? AND read_at IS NULL RETURNING id', [userId]);
    return rows.length;
  }
}
