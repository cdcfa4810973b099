/**
 * Brute-force brake for the AdminJS sign-in form (the API's own login has the auth context's
 * throttling; AdminJS's form does not go through it). After `maxFailures` failed attempts for one
 * email within `windowMs`, further attempts are refused without checking the password until the
 * window has passed. In-process: with several API instances each keeps its own count.
 */
export class AdminLoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  isLocked(email: string): boolean {
    return this.recent(email).length >= this.maxFailures;
  }

  recordFailure(email: string): void {
    const key = email.trim().toLowerCase();
    this.failures.set(key, [...this.recent(key), this.now()]);
    if (this.failures.size > 10_000) this.prune();
  }

  reset(email: string): void {
    this.failures.delete(email.trim().toLowerCase());
  }

  private recent(email: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(email.trim().toLowerCase()) ?? []).filter((at) => at > since);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) {
      const kept = this.recent(key);
      if (kept.length) this.failures.set(key, kept);
      else this.failures.delete(key);
    }
  }
}
