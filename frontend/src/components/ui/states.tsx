import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from './spinner';
import { EXPIRED_MESSAGE } from '../../lib/auth-session';
import { errorMessage } from '../../lib/api-client';

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="state state--loading">
      <Spinner label={label} />
      <span aria-hidden="true">{label}…</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {children && <div className="state__body">{children}</div>}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = errorMessage(error);
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{message}</p>
      <ErrorAction message={message} onRetry={onRetry} />
    </div>
  );
}

/** What the reader can do about an error: sign in again once the login has expired, otherwise retry. */
function ErrorAction({ message, onRetry, small = false }: { message: string; onRetry?: () => void; small?: boolean }) {
  const size = small ? ' btn--sm' : '';
  if (message === EXPIRED_MESSAGE) {
    return (
      <Link to="/signin" className={`btn btn--primary${size}`}>
        Please login again
      </Link>
    );
  }
  return onRetry ? (
    <button type="button" className={`btn btn--ghost${size}`} onClick={onRetry}>
      Try again
    </button>
  ) : null;
}

/** Renders loading / error / empty / content for one SWR answer. */
export function AsyncBlock<T>({
  data,
  error,
  isLoading,
  isEmpty,
  empty,
  onRetry,
  loadingLabel,
  loading,
  children,
}: {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  onRetry?: () => void;
  loadingLabel?: string;
  /** What stands in while loading (a skeleton); a labelled spinner by default. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (error && data === undefined) return <ErrorState error={error} onRetry={onRetry} />;
  if (data === undefined) return isLoading || !error ? (loading ?? <LoadingState label={loadingLabel} />) : null;
  // With keepPreviousData SWR keeps the previous key's answer when the new key fails: say so above it,
  // otherwise the user reads old data (another page, another filter) as the answer to what they asked.
  const stale = error ? <InlineError error={error} onRetry={onRetry} /> : null;
  if (isEmpty && isEmpty(data)) return <>{stale}{empty ?? <EmptyState title="Nothing here yet" />}</>;
  return <>{stale}{children(data)}</>;
}

/** A failed refresh shown above data that is still on screen (older than what was asked for). */
export function InlineError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = errorMessage(error);
  return (
    <div className="state-inline state-inline--error" role="alert">
      <span>
        {message} <span className="muted small">The data below may be out of date.</span>
      </span>
      <ErrorAction message={message} onRetry={onRetry} small />
    </div>
  );
}
