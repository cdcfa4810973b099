/** A stored outcome of a money-moving request, replayed for the same key. */
export type StoredOutcome =
  | { kind: 'response'; statusCode: number; body: unknown }
  | { kind: 'error'; statusCode: number; error: { code: string; message: string; kind: string; errors?: unknown } };

export type Claim =
  /** This request owns the key: run it, then complete or release. */
  | { kind: 'claimed'; id: string }
  /** A request with the same key finished: replay its outcome. */
  | { kind: 'done'; outcome: StoredOutcome }
  /** The key was used with a different request. */
  | { kind: 'mismatch' };

/**
 * Idempotency keys in PostgreSQL (unique per user and key). A claim is committed at once, so a
 * parallel request with the same key finds it and waits for the outcome instead of running twice.
 * A claim left without an outcome for longer than STALE_CLAIM_MS (its process died before storing
 * it) is taken over by the next request with that key, which then runs.
 */
export const STALE_CLAIM_MS = 60_000;
/** Keys are kept this long, then purged: a client retries within minutes, not days. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export abstract class IdempotencyStore {
  /** Claims the key, or waits (up to `waitMs`) for the request holding it to finish. */
  abstract claim(userId: string, key: string, fingerprint: string, waitMs?: number): Promise<Claim>;
  abstract complete(id: string, outcome: StoredOutcome): Promise<void>;
  /** Forgets a claim whose request had no effect and may be retried (validation error, server error). */
  abstract release(id: string): Promise<void>;
  /** Deletes keys older than `olderThanMs` (their retries are long over); returns how many. */
  abstract purgeExpired(olderThanMs: number): Promise<number>;
}
