import { sql, type IdempotencyKeysTable, type Sql } from '@mirrorline/shared';
import type { StoredOutcome } from '../../application/ports/idempotency-store';

/** A key's request fingerprint and stored outcome (jsonb: parsed by pg, or text from an older driver setting). */
export type IdempotencyKeyRow = Pick<IdempotencyKeysTable, 'fingerprint'> & { response: StoredOutcome | string | null };

/** The statements of `idempotency_keys`, unique (user_id, key) (SqlIdempotencyStore runs them). */
export const idempotencyQueries = {
  find(userId: string, key: string): Sql<IdempotencyKeyRow> {
    return sql<IdempotencyKeyRow>`SELECT fingerprint, response FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`;
  },

  /** Claims the key (a row back: claimed now; none: it exists, or a parallel claim committed it). */
  claim(userId: string, key: string, fingerprint: string): Sql<Pick<IdempotencyKeysTable, 'id'>> {
    return sql<Pick<IdempotencyKeysTable, 'id'>>`INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES (${userId}, ${key}, ${fingerprint})
       ON CONFLICT (user_id, key) DO NOTHING RETURNING id::text AS id`;
  },

  /** Stores the outcome the key replays from now on. */
  complete(id: string, outcome: StoredOutcome): Sql<never> {
    return sql`UPDATE idempotency_keys SET status_code = ${outcome.statusCode}, response = ${JSON.stringify(outcome)}::jsonb, completed_at = now()
       WHERE id = ${id}`;
  },
};
