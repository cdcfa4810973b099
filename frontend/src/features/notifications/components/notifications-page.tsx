import { notificationKeys } from '../../../lib/query-keys';
import { useState } from 'react';
import { useApi } from '../../../lib/api';
import { formatDate } from '../../../lib/money';
import { notificationText, notificationTitle } from '../../../lib/notification-text';
import { useMarkRead } from '../../../lib/mark-read';
import { Pager } from '../../../components/ui/pager';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { Button } from '../../../components/ui/button';

/** /userdashboard/notifications: every notification, newest first, paged; unread ones can be marked read. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const result = useApi(notificationKeys.page(page), { keepPreviousData: true });
  const markRead = useMarkRead();
  const read = (id: string) => markRead.trigger(id).catch(() => undefined);
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Notifications</h1>
      </header>
      <section className="card">
        <AsyncBlock data={result.data} error={result.error} isLoading={result.isLoading} onRetry={() => void result.mutate()} isEmpty={(d) => d.items.length === 0} empty={<EmptyState title="No notifications yet" />}>
          {(d) => (
            <>
              <p className="muted small">{d.unread} unread</p>
              <ul className="bell__list" aria-label="Notifications">
                {d.items.map((n) => (
                  <li key={n.id} className={n.read ? '' : 'is-unread'}>
                    <strong>{notificationTitle(n)}</strong>
                    <span>{notificationText(n)}</span>
                    <span className="muted small">
                      {formatDate(n.createdAt)}
                      {!n.read && (
                        <>
                          {' · '}
                          <Button writes variant="ghost" size="sm" disabled={markRead.busy} onClick={() => void read(n.id)}>
                            Mark read
                          </Button>
                        </>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
              <Pager label="Notification pages" page={page} pages={Math.max(1, Math.ceil(d.total / Math.max(1, d.limit)))} onPage={setPage} />
            </>
          )}
        </AsyncBlock>
      </section>
    </div>
  );
}
