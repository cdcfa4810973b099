import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, runSql, sqlStateOf, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { IdempotencyStore, type Claim, type KeyRecord, type StoredOutcome } from '../../application/ports/idempotency-store';
import { idempotencyQueries as q, type IdempotencyKeyRow } from './idempotency.queries';

/** lock_not_available (a lock_timeout), query_canceled (statement_timeout): the holder is still running. */
const STILL_RUNNING = new Set(['55P03', '57014']);

const record = (row: IdempotencyKeyRow): KeyRecord => ({
  fingerprint: row.fingerprint,
  outcome: typeof row.response === 'string' ? (JSON.parse(row.response) as StoredOutcome) : row.response,
});

export const keyInProgress = () =>
  new DomainError('IDEMPOTENCY_KEY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed; retry later', 'conflict');

/** Table idempotency_keys, unique (user_id, key); see the port for the protocol. */
@Injectable()
export class SqlIdempotencyStore extends IdempotencyStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async find(userId: string, key: string): Promise<KeyRecord | null> {
    const [row] = await runSql(this.em.getConnection(), q.find(userId, key));
    return row ? record(row) : null;
  }

  async claim(tx: TransactionContext, userId: string, key: string, fingerprint: string): Promise<Claim> {
    const em = emOf(tx);
    // The insert waits on a parallel transaction's uncommitted row with the same key (the unique index): its
    // commit makes this a conflict (then read below), its rollback lets this insert through. Bounded by the
    // connection's statement_timeout (DB_STATEMENT_TIMEOUT_MS), so a waiting duplicate does not hold a pooled
    // connection for longer than any statement may run; past it, 409 IDEMPOTENCY_KEY_IN_PROGRESS.
    let claimed: Array<{ id: string }>;
    try {
      claimed = await runSql(em, q.claim(userId, key, fingerprint));
    } catch (error) {
      const state = sqlStateOf(error);
      if (state && STILL_RUNNING.has(state)) throw keyInProgress();
      throw error;
    }
    if (claimed.length) return { kind: 'claimed', id: claimed[0].id };
    const [row] = await runSql(em, q.find(userId, key));
    return { kind: 'known', record: record(row) };
  }

  async complete(tx: TransactionContext, id: string, outcome: StoredOutcome): Promise<void> {
    await runSql(emOf(tx), q.complete(id, outcome));
  }
}
