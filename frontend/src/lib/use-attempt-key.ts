import { useCallback, useRef } from 'react';
import { ApiError, newIdempotencyKey } from './api-client';

/**
 * One Idempotency-Key per money-moving attempt. It survives a failure whose outcome is unknown (network
 * error, timeout), so that trying again replays the first request instead of moving money twice; it is
 * dropped after a success, a definite HTTP error, or when the form changes.
 */
export function useAttemptKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= newIdempotencyKey()), []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  const settle = useCallback((error?: unknown) => {
    if (error === undefined || (error instanceof ApiError && typeof error.status === 'number')) key.current = null;
  }, []);
  return { current, reset, settle };
}
