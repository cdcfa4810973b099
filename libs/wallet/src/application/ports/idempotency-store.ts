import type { TransactionContext } from '@mirrorline/shared';

/** A stored outcome of a money-moving request, replayed for the same key. */
export type StoredOutcome =
  | { kind: 'response'; statusCode: number; body: unknown }
  | { kind: 'error'; statusCode: number; error: { code: string; message: string; kind: string; errors?: unknown } };

/** What a key holds once its request's transaction committed. */
export interface KeyRecord {
  fingerprint: string;
  /** null only for a claim left by a version before exactly-once (its effect may have run): never run again */
  outcome: StoredOutcome | null;
}

export type Claim =
  /** This request owns the key inside its transaction: run the effect, then `complete` in the same transaction. */
  | { kind: 'claimed'; id: string }
  /** The key was committed by another request (possibly a parallel one this claim waited for). */
  | { kind: 'known'; record: KeyRecord };

/**
 * Idempotency keys in PostgreSQL, unique per (user, key), product.md §11.2. A key's row is written in the SAME
 * transaction as the request's effect (`UnitOfWork.enclose`): claimed first, completed with the outcome last, so
 * the key and the effect commit together or not at all. A crash before the commit leaves nothing (a retry runs
 * afresh); after it, the key replays the outcome. There is no "stale claim" to take over, and keys are kept for
 * good: a retry at any later time replays. A parallel request with the same key waits for the first one's
 * transaction (a bounded lock wait), then replays what it committed; past the bound it is told 409
 * IDEMPOTENCY_KEY_IN_PROGRESS.
 */
export abstract class IdempotencyStore {
  /** The committed record of a key, read outside any transaction (a replay holds no transaction). */
  abstract find(userId: string, key: string): Promise<KeyRecord | null>;
  /** Claims the key inside `tx`, waiting a bounded time for a parallel transaction that holds it. */
  abstract claim(tx: TransactionContext, userId: string, key: string, fingerprint: string): Promise<Claim>;
  /** Records the outcome inside the claim's transaction. */
  abstract complete(tx: TransactionContext, id: string, outcome: StoredOutcome): Promise<void>;
}
