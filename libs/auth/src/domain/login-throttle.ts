/** product.md §6: 5 failed sign-ins per email per 15 minutes, then 429 until the oldest one ages out. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Seconds until the next attempt is allowed, or null when it is allowed now.
 * `failures` are the failure times inside the window (any order).
 */
export function loginRetryAfterSeconds(failures: readonly Date[], now: Date): number | null {
  return slidingWindowRetryAfterSeconds(failures, now, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
}

/** The same rule for any sliding-window limit: `limit` events inside `windowMs` block until the oldest of them leaves. */
export function slidingWindowRetryAfterSeconds(events: readonly Date[], now: Date, limit: number, windowMs: number): number | null {
  const recent = events
    .map((at) => at.getTime())
    .filter((t) => t > now.getTime() - windowMs)
    .sort((a, b) => b - a);
  if (recent.length < limit) return null;
  // The attempt is allowed again once fewer than `limit` events remain inside the window.
  const unlocksAt = recent[limit - 1] + windowMs;
  return Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 1000));
}
