import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/money';
import { notificationText, notificationTitle } from '../../../lib/notification-text';
import { toast } from '../../../lib/toast';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../../../lib/mark-read';
import { Button } from '../../../components/ui/button';

export function NotificationsPanel() {
  const { items, unread, error, isLoading, mutate } = useNotifications();
  const markRead = useMarkRead();
  async function readAll() {
    try {
      await markRead.trigger('all');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  }
  return (
    <section className="card" aria-labelledby="notif-title">
      <div className="card__head">
        <h2 id="notif-title">
          Notifications {unread > 0 && <span className="badge badge--green">{unread} new</span>}
        </h2>
        {unread > 0 && (
          <Button writes variant="ghost" size="sm" disabled={markRead.busy} onClick={() => void readAll()}>
            Mark all read
          </Button>
        )}
      </div>
      <AsyncBlock
        data={items}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading notifications"
        isEmpty={(l) => l.length === 0}
        empty={<EmptyState title="No notifications" />}
      >
        {(list) => (
          <ul className="notifications">
            {list.map((n) => (
              <li key={n.id} className={n.read ? 'notification' : 'notification notification--unread'}>
                <div className="notification__title">{notificationTitle(n)}</div>
                <div className="notification__body muted">{notificationText(n)}</div>
                <time className="small muted" dateTime={n.createdAt}>{formatDate(n.createdAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </AsyncBlock>
    </section>
  );
}
