/** product.md §6: 5 failed sign-ins per email per 15 minutes, then 429 until the oldest one ages out. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Seconds until the next attempt is allowed, or null when it is allowed now.
 * `failures` are the failure times inside the window (any order).
 */
export function loginRetryAfterSeconds(failures: readonly Date[], now: Date): number | null {
  const recent = failures
    .map((at) => at.getTime())
    .filter((t) => t > now.getTime() - LOGIN_FAILURE_WINDOW_MS)
    .sort((a, b) => b - a);
  if (recent.length < LOGIN_FAILURE_LIMIT) return null;
  // The attempt is allowed again once fewer than LIMIT failures remain inside the window.
  const unlocksAt = recent[LOGIN_FAILURE_LIMIT - 1] + LOGIN_FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 1000));
}
