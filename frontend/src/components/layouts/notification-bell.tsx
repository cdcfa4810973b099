import { notificationKeys } from '../../lib/query-keys';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useApi } from '../../lib/api';
import { useMarkRead } from '../../lib/mark-read';
import { useLiveEvents } from '../../lib/live-events';
import { formatDate } from '../../lib/money';
import { notificationText, notificationTitle } from '../../lib/notification-text';
import { keyMatches } from '../../lib/swr-keys';
import { Button } from '../ui/button';

const LIVE = new Set(['notification', 'wallet_transaction_decided', 'kyc_decided', 'guard_hit', 'copy_stopped', 'reconnected']);

/**
 * The bell in the top bar: the unread count (live from events/stream; a `notification` event
 * revalidates it), a dropdown of the latest notifications with "Mark all read", and a link to the page.
 */
export function NotificationBell() {
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { data } = useApi(notificationKeys.latest(8), { dedupingInterval: 2000 });
  const status = useLiveEvents((e) => {
    if (LIVE.has(e.type)) void mutate(keyMatches(notificationKeys.all));
  });
  const unread = data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const markRead = useMarkRead();
  const markAll = () => markRead.trigger('all').catch(() => undefined);

  return (
    <div className="bell" ref={box}>
      <button
        type="button"
        className="btn btn--ghost bell__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="bell-panel"
        aria-label={`Notifications, ${unread} unread`}
        onClick={() => setOpen((o) => !o)}
      >
        {/* An inline icon, not the bell emoji: a machine without an emoji font drew an empty box. */}
        <svg className="bell__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16a1 1 0 0 0 .9 1.5h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.4 15.5a2.5 2.5 0 0 0 4.8 0Z"
            fill="currentColor"
          />
        </svg>
        {unread > 0 && (
          <span className="bell__count" data-testid="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
        {status === 'reconnecting' && <span className="bell__offline" aria-hidden="true" title="reconnecting" />}
      </button>
      {open && (
        <div id="bell-panel" className="bell__panel" role="region" aria-label="Latest notifications">
          <div className="bell__head">
            <strong>Notifications</strong>
            {unread > 0 && (
              <Button writes variant="ghost" size="sm" disabled={markRead.busy} onClick={() => void markAll()}>
                Mark all read
              </Button>
            )}
          </div>
          {!data?.items.length ? (
            <p className="muted small">No notifications yet.</p>
          ) : (
            <ul className="bell__list">
              {data.items.map((n) => (
                <li key={n.id} className={n.read ? '' : 'is-unread'}>
                  <strong>{notificationTitle(n)}</strong>
                  <span className="small">{notificationText(n)}</span>
                  <span className="muted small">{formatDate(n.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/userdashboard/notifications" className="small" onClick={() => setOpen(false)}>
            All notifications
          </Link>
        </div>
      )}
    </div>
  );
}
