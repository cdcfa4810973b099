import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { ReflectMetadataProvider } from '@mikro-orm/core';
import { migrationsList } from './migrations';

/**
 * The longest a statement may run where a path sets its own limit (SET LOCAL statement_timeout, e.g. the
 * settlement of a 100,000-copy trade). The client-side query timeout sits just above it: a frozen server
 * (SIGSTOP, a hung disk) never enforces its own statement_timeout, and no request may wait for ever.
 */
export const LONGEST_STATEMENT_MS = 120_000;

/**
 * Fail fast (docs/deploy.md): every pooled connection gets PostgreSQL's statement_timeout, a request waits
 * at most `dbAcquireTimeoutMs` for a pooled connection and as long for a new connection's handshake.
 */
export function poolTimeouts(config: { dbStatementTimeoutMs: number; dbAcquireTimeoutMs: number }): Partial<Options> {
  return {
    pool: { acquireTimeoutMillis: config.dbAcquireTimeoutMs, createTimeoutMillis: config.dbAcquireTimeoutMs },
    driverOptions: {
      connection: {
        statement_timeout: config.dbStatementTimeoutMs,
        query_timeout: LONGEST_STATEMENT_MS + 5_000,
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
