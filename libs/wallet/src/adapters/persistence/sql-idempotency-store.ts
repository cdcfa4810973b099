import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IdempotencyStore,
  STALE_CLAIM_MS,
  type Claim,
  type StoredOutcome,
} from '../../application/ports/idempotency-store';

/** How often one process purges expired keys (piggy-backed on claims: no scheduler needed). */
const PURGE_EVERY_MS = 10 * 60 * 1000;

interface KeyRow {
  id: string;
  fingerprint: string;
  status_code: number | null;
  response: StoredOutcome | string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Table idempotency_keys, unique (user_id, key). Each statement runs on its own (autocommit): the claim
 * must be visible to a parallel request at once, and no connection is held while the request runs
 * (holding one per waiting request would starve the pool under load).
 */
@Injectable()
export class SqlIdempotencyStore extends IdempotencyStore {
  private readonly logger = new Logger(SqlIdempotencyStore.name);
  private lastPurge = 0;

  constructor(private readonly em: EntityManager) {
    super();
  }

  private get connection() {
    return this.em.getConnection();
  }

  async claim(userId: string, key: string, fingerprint: string, waitMs = 30_000, staleAfterMs = STALE_CLAIM_MS): Promise<Claim> {
    this.purgeInBackground();
    const deadline = Date.now() + waitMs;
    for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
      const [claimed] = await this.connection.execute<Array<{ id: string }>>(
        `INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES (?, ?, ?)
         ON CONFLICT (user_id, key) DO NOTHING RETURNING id::text AS id`,
        [userId, key, fingerprint],
      );
      if (claimed) return { kind: 'claimed', id: claimed.id };
      const [row] = await this.connection.execute<KeyRow[]>(
        'SELECT id::text AS id, fingerprint, status_code, response FROM idempotency_keys WHERE user_id = ? AND key = ?',
        [userId, key],
      );
      if (row) {
        if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (row.response !== null) {
          const outcome = typeof row.response === 'string' ? (JSON.parse(row.response) as StoredOutcome) : row.response;
          return { kind: 'done', outcome };
        }
      }
      // A claim with no outcome long after any request could still be running: its process died between
      // the effect and storing the outcome. Delete it (only if still stale and still without outcome, so
      // of several racing takers exactly one deletes it) and claim afresh on the next loop. Deleting
      // rather than updating gives the new claim a new id, so a late complete() of the old request
      // cannot overwrite the new outcome. The effect may then run once more: the ledger's unique
      // wallet postings and the decision's row lock still refuse a second approval or rejection.
      const [taken] = await this.connection.execute<Array<{ id: string }>>(
        `DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND fingerprint = ? AND response IS NULL
           AND created_at < now() - make_interval(secs => ?) RETURNING id::text AS id`,
        [userId, key, fingerprint, staleAfterMs / 1000],
      );
      if (taken) {
        this.logger.warn(`Idempotency key ${taken.id} had no outcome after ${staleAfterMs / 1000} s: taken over by a retry`);
        continue;
      }
      // Still running (or just released): wait for it rather than run a second time.
      if (Date.now() >= deadline) return { kind: 'done', outcome: inProgress };
      await sleep(delay + Math.random() * delay);
    }
  }

  async complete(id: string, outcome: StoredOutcome): Promise<void> {
    await this.connection.execute(
      'UPDATE idempotency_keys SET status_code = ?, response = ?::jsonb, completed_at = now() WHERE id = ?',
      [outcome.statusCode, JSON.stringify(outcome), id],
    );
  }

  async release(id: string): Promise<void> {
    await this.connection.execute('DELETE FROM idempotency_keys WHERE id = ? AND response IS NULL', [id]);
  }

  async purgeExpired(olderThanMs: number): Promise<number> {
    const [row] = await this.connection.execute<Array<{ n: string }>>(
      'WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => ?) RETURNING 1) SELECT count(*) AS n FROM gone',
      [olderThanMs / 1000],
    );
    return Number(row?.n ?? 0);
  }

  /** At most once per PURGE_EVERY_MS per process, never delaying the request that triggered it. */
  private purgeInBackground(): void {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.purgeExpired(IDEMPOTENCY_KEY_TTL_MS).catch((error: Error) => this.logger.warn(`Idempotency key purge failed: ${error.message}`));
  }
}

const inProgress: StoredOutcome = {
  kind: 'error',
  statusCode: 409,
  error: {
    code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
    message: 'A request with this Idempotency-Key is still being processed; retry later',
    kind: 'conflict',
  },
};
