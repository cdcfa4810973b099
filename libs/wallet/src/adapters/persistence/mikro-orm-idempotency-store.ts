import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { IdempotencyStore, type Claim, type StoredOutcome } from '../../application/ports/idempotency-store';

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
export class MikroOrmIdempotencyStore extends IdempotencyStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private get connection() {
    return this.em.getConnection();
  }

  async claim(userId: string, key: string, fingerprint: string, waitMs = 30_000): Promise<Claim> {
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
