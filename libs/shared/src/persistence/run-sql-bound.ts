import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql } from './sql';

/**
 * Runs a tagged statement with its values sent to PostgreSQL as bind parameters. MikroORM's `execute` (which
 * `runSql` uses) first formats every value into the statement's text on the client; for a large value (the
 * followers' notices of a 100,000-copier trade: one jsonb of about 20 MB) that formatting, and PostgreSQL parsing
 * the result, took tens of seconds where a bound parameter costs well under one. Same transaction as `em`.
 */
export async function runSqlBound<Row>(em: EntityManager, query: Sql<Row>): Promise<Row[]> {
  let statement = em.getConnection().getKnex().raw(query.text, [...query.params] as never[]);
  const ctx = em.getTransactionContext();
  if (ctx) statement = statement.transacting(ctx);
  const result = (await statement) as { rows?: Row[] };
  return result.rows ?? [];
}
