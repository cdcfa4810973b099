import { sql, type Sql } from '@mirrorline/shared';
import type { NotificationInput } from '../../domain/notification';

/** The statements that write notifications (SqlNotifications runs them). */
export const notificationsQueries = {
  /** The items, one row each, in one statement (a jsonb recordset parameter). */
  insertMany(items: readonly NotificationInput[]): Sql<never> {
    const rows = JSON.stringify(items.map((i) => ({ user_id: i.userId, type: i.type, title: i.title, body: i.body ?? '', data: i.data ?? null })));
    return sql`INSERT INTO notifications (user_id, type, title, body, data)
          SELECT x.user_id, x.type, x.title, x.body, x.data
            FROM jsonb_to_recordset(${rows}::jsonb) AS x(user_id uuid, type text, title text, body text, data jsonb)`;
  },
};
