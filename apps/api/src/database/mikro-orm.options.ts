import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { ReflectMetadataProvider } from '@mikro-orm/core';
import { migrationsList } from './migrations';
import { isServerAnswer, type DatabaseAnswers } from './database-answers';

/**
 * The longest a statement may run where a path sets its own limit (SET LOCAL statement_timeout, e.g. the
 * settlement of a 100,000-copy trade, a mass close-out). The client-side bound of the statements that follow such
 * a SET LOCAL in its transaction sits just above it: a frozen server (SIGSTOP, a hung disk) never enforces its
 * own statement_timeout (the database monitor ends those sooner: ConnectionGate.fail).
 */
export const LONGEST_STATEMENT_MS = 120_000;

/** How much longer than PostgreSQL's own statement_timeout the client waits for an answer (network, a busy host). */
export const QUERY_TIMEOUT_MARGIN_MS = 1_000;

/** A statement that raises its transaction's statement_timeout (settlement, close-out). */
const RAISES_TIMEOUT = /\bSET\s+LOCAL\s+statement_timeout\b/i;
const ENDS_TRANSACTION = /^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i;

type QueryConfig = { text?: unknown; query_timeout?: number };
type Queryable = { query: (config: unknown, ...rest: unknown[]) => unknown };

/**
 * The client-side bound of one pooled connection's statements: `query_timeout` (node-postgres) = the
 * statement_timeout + QUERY_TIMEOUT_MARGIN_MS, except from a `SET LOCAL statement_timeout` to the end of its
 * transaction (COMMIT or ROLLBACK included), where it is LONGEST_STATEMENT_MS + the margin.
 */
export function boundQueries(client: Queryable, answers?: DatabaseAnswers): void {
  const query = client.query;
  let raised = false;
  client.query = function (this: unknown, config: unknown, ...rest: unknown[]) {
    // knex passes a callback: an answer from the server (a result or a server error) is noted for the monitor.
    const done = rest[rest.length - 1];
    if (answers && typeof done === 'function') {
      rest[rest.length - 1] = (error: unknown, result: unknown) => {
        if (isServerAnswer(error)) answers.answered();
        (done as (error: unknown, result: unknown) => void)(error, result);
      };
    }
    const text = (config as QueryConfig | null)?.text;
    if (typeof text === 'string') {
      if (RAISES_TIMEOUT.test(text)) raised = true;
      if (raised) {
        config = { ...(config as object), query_timeout: LONGEST_STATEMENT_MS + QUERY_TIMEOUT_MARGIN_MS };
        if (ENDS_TRANSACTION.test(text)) raised = false;
      }
    }
    return query.call(this, config, ...rest);
  };
}

/**
 * Fail fast (docs/deploy.md, Limits): DB_POOL_SIZE connections, each with PostgreSQL's statement_timeout and a
 * client-side query timeout just above it (boundQueries); a request waits at most `dbAcquireTimeoutMs` for a
 * pooled connection and as long for a new connection's handshake.
 */
export function poolTimeouts(config: { dbStatementTimeoutMs: number; dbAcquireTimeoutMs: number; dbPoolSize: number }, answers?: DatabaseAnswers): Partial<Options> {
  return {
    pool: {
      // Connections once opened stay open (min = max: never reaped when idle): under a burst, a worker finds its
      // own open rather than opening one (a backend fork and SCRAM on a loaded host can outlast the acquire timeout).
      min: config.dbPoolSize,
      max: config.dbPoolSize,
      acquireTimeoutMillis: config.dbAcquireTimeoutMs,
      createTimeoutMillis: config.dbAcquireTimeoutMs,
      afterCreate: (connection: Queryable, done: (error: Error | null, connection: Queryable) => void) => {
        boundQueries(connection, answers);
        done(null, connection);
      },
    },
    driverOptions: {
      connection: {
        statement_timeout: config.dbStatementTimeoutMs,
        query_timeout: config.dbStatementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
        connectionTimeoutMillis: config.dbAcquireTimeoutMs,
        keepAlive: true,
      },
      // knex writes "Connection Error: …" to the console for every pooled connection a dead server drops;
      // DatabaseMonitor logs the outage once instead.
      log: { warn: (message: unknown) => void (/^Connection Error/.test(String(message)) || process.stderr.write(`${String(message)}\n`)) },
    },
  };
}

/**
 * MikroORM options shared by the app, the tests and the benches. Entities are registered by each
 * context module through MikroOrmModule.forFeature (autoLoadEntities). The schema is owned by the
 * hand-written migrations (money invariants need triggers and CHECKs that entities cannot express).
 */
export function mikroOrmOptions(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator, SeedManager],
    discovery: { warnWhenNoEntities: false },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: false,
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    ...overrides,
    // Merged, not replaced: poolTimeouts() adds timeouts to the pool's size.
    pool: { min: 0, max: 20, ...overrides.pool },
    // A failed statement's error message carries the SQL with placeholders, never with the values bound to
    // them (knex interpolates them by default: password hashes, emails and names would reach the log).
    driverOptions: { compileSqlOnError: false, ...overrides.driverOptions },
  });
}
