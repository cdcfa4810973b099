/**
 * Sign-in throttling (product.md §10, replacing §6's "5 failures per email per 15 minutes"): failures are
 * counted per (email, client address) and per client address, and only completed failures count. So a
 * stranger who knows an email cannot lock its owner out: their failures count against their own address.
 */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Completed failures per client address (any email) per window: a password spray from one address. */
export const LOGIN_IP_FAILURE_LIMIT = 50;
/**
 * NIST 800-63B's bound on consecutive failures of one account. Past it the right password alone is not
 * enough: a one-time code mailed to the account is asked too (step-up), so the owner is never locked out.
 */
export const ACCOUNT_FAILURE_BOUND = 100;

export const pairKey = (email: string, client: string) => `pair:${client}|${email}`;
export const clientKey = (client: string) => `ip:${client}`;

/**
 * Seconds until the next attempt is allowed, or null when it is allowed now.
 * `failures` are the failure times inside the window (any order).
 */
export function loginRetryAfterSeconds(failures: readonly Date[], now: Date, limit = LOGIN_FAILURE_LIMIT): number | null {
  return slidingWindowRetryAfterSeconds(failures, now, limit, LOGIN_FAILURE_WINDOW_MS);
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
