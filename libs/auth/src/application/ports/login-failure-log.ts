/**
 * Port: completed sign-in failures (product.md §10). Only a failure whose password check finished is
 * recorded; an attempt in flight or interrupted (a shutdown, a dropped connection) never counts.
 * - per key, in a sliding window: `pair:<client>|<email>` (5 per 15 minutes) and `ip:<client>` (per address);
 * - per account: consecutive failures (the NIST 800-63B bound of 100), reset by a successful sign-in.
 */
export abstract class LoginFailureLog {
  /** The failure times of each key inside the window. */
  abstract failuresSince(keys: string[], windowStart: Date): Promise<Map<string, Date[]>>;
  /** Records one completed failure under every key given. */
  abstract recordFailure(keys: string[], at: Date): Promise<void>;
  /** Forgets the failures of one key (the right password clears its (email, client) pair). */
  abstract clear(key: string): Promise<void>;
  /** Consecutive failures of an account, whatever the client. */
  abstract accountFailures(userId: string): Promise<number>;
  /** Adds one consecutive failure to the account; returns the new count. */
  abstract recordAccountFailure(userId: string): Promise<number>;
  abstract clearAccount(userId: string): Promise<void>;
}
