import { sql, sqlArray, type Sql } from '@mirrorline/shared';

/** The live events' one statement (PgLiveEvents runs it). */
export const liveEventsQueries = {
  /** One NOTIFY on `channel` per payload (inside a transaction: delivered at its commit). */
  notify(channel: string, payloads: readonly string[]): Sql<{ count: string }> {
    return sql<{ count: string }>`SELECT count(pg_notify(${channel}, p)) FROM unnest(${sqlArray(payloads)}::text[]) AS p`;
  },
};
