import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from '../../lib/toast';

/** Top-center toasts (seed §9). Errors are announced assertively, the rest politely. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const polite = toasts.filter((t) => t.kind !== 'error');
  const assertive = toasts.filter((t) => t.kind === 'error');
  const render = (list: typeof toasts) =>
    list.map((t) => (
      <div key={t.id} className={`toast toast--${t.kind}`}>
        <span className="toast__icon" aria-hidden="true">{t.kind === 'error' ? '!' : t.kind === 'info' ? 'i' : '✓'}</span>
        <span className="toast__message">{t.message}</span>
        <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismissToast(t.id)}>
          ×
        </button>
      </div>
    ));
  return (
    <div className="toaster">
      <div aria-live="polite" role="status" className="toaster__stack">{render(polite)}</div>
      <div aria-live="assertive" role="alert" className="toaster__stack">{render(assertive)}</div>
    </div>
  );
}
