import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import request from 'supertest';
import type { AppConfig } from '@mirrorline/shared';
import { loadConfig } from '../../apps/api/src/config/load-config';
import { createApp, type BootOptions } from '../../apps/api/src/bootstrap';
import { dropDatabase, ensureDatabase } from '../../apps/api/src/database/database-url';
import { withDatabase } from '../../apps/api/src/database/embedded-postgres';
import { migrateDatabase } from '../../apps/api/src/database/migrate';
import { SqlCopyNotices } from '@mirrorline/copy-trading/testing';
import { timed } from './phase-times';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  databaseUrl: string;
  orm: MikroORM;
  /** supertest bound to the app's HTTP server */
  http: () => ReturnType<typeof request>;
  /** Raw SQL against the spec's database (for assertions and set-up). */
  sql: <T = Record<string, unknown>>(query: string, params?: unknown[]) => Promise<T[]>;
  /** Waits until the followers' notifications of the trades opened and closed so far are written (outbox). */
  delivered: () => Promise<void>;
  close: () => Promise<void>;
}

export function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the e2e specs through jest (global setup)');
  return url;
}

/**
 * A fresh database for one spec file, dropped on close: a copy of the run's migrated template (the file system
 * copy of a small database), or, outside the global setup's template, an empty one that the app migrates.
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (template) await copyOfTemplate(serverUrl(), template, name);
  else await ensureDatabase(serverUrl(), name);
  return { url: withDatabase(serverUrl(), name), drop: () => dropDatabase(serverUrl(), name) };
}

/**
 * Creates `name` as a copy of the template, which the first caller of the run makes (created, migrated, then
 * closed to connections, so that copies may be taken at any time) while the others wait on an advisory lock.
 * (The global setup runs outside Jest's module mapping, where the migrations' imports do not resolve.)
 */
async function copyOfTemplate(server: string, template: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error(`unsafe database name: ${template}`);
  const client = new Client({ connectionString: server });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    const found = await client.query<{ datistemplate: boolean }>('SELECT datistemplate FROM pg_database WHERE datname = $1', [template]);
    if (!found.rows[0]?.datistemplate) {
      // missing, or half made by a worker that died while migrating it
      await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${template}" TEMPLATE template0 ENCODING 'UTF8'`);
      await migrateDatabase(withDatabase(server, template));
      await client.query(`ALTER DATABASE "${template}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    }
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    // FILE_COPY: the template's files copied with one checkpoint (cheap on the test cluster, which has no fsync)
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
  } finally {
    await client.end();
  }
}

/** The throw-away folders testConfig made for a configuration (removeTestDirs). */
const testDirs = new WeakMap<AppConfig, string[]>();

/**
 * The configuration of an app in the specs: NODE_ENV=test (test market feed, no AdminJS, no SPA), no demo data,
 * throw-away directories (made here unless `env` names them, removed with removeTestDirs); `env` overrides any of it.
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const made: string[] = [];
  const temp = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      SPA_DIR: 'off',
      ADMIN_PANEL: 'false',
      // Specs share a loaded 2-core machine with their own PostgreSQL: a new pooled connection may take longer than
      // production's 2 s to open, and a statement queued behind a burst's row locks longer than its 5 s. A spec that
      // needs "no 503" must not depend on the machine's speed, so both bounds are the largest the config takes; the
      // fail-fast limits are tested where they matter (test/faults: the built server with its production bounds).
      DB_ACQUIRE_TIMEOUT_MS: '60000',
      DB_STATEMENT_TIMEOUT_MS: '60000',
      // Load shedding by queue wait likewise (test/faults/overload runs production's).
      DB_QUEUE_SHED_MS: '0',
      // Nor the adaptive limit of requests in flight (ADMISSION_TARGET_MS): a slow machine's latency is not an overload.
      ADMISSION_TARGET_MS: '0',
      // The database monitor's ping likewise: two pings slower than production's 1.5 s in a row (an idle app, a busy
      // host, another worker's CREATE DATABASE checkpoint) would answer every request 503 for a moment.
      DB_PING_TIMEOUT_MS: '10000',
      // A spec sets a quote and fills on it a moment later; on a loaded machine that moment can pass 2 s. Fills
      // accept a quote as old as a mark does here; test/market-fill-age.e2e-spec.ts runs the 2 s default.
      MARKET_MAX_FILL_AGE_MS: '10000',
      DATA_DIR: env.DATA_DIR ?? temp('mirrorline-test-var-'),
      UPLOAD_DIR: env.UPLOAD_DIR ?? temp('mirrorline-test-uploads-'),
      ...env,
    },
    process.cwd(),
  );
  testDirs.set(config, made);
  return config;
}

/** Removes the throw-away folders testConfig made for `config` (a run used to leave two per app in the temp folder). */
export function removeTestDirs(config: AppConfig): void {
  for (const dir of testDirs.get(config) ?? []) rmSync(dir, { recursive: true, force: true });
  testDirs.delete(config);
}

/**
 * Boots the real application (same modules, pipes, filter and HTTP stack as main.ts) on a fresh
 * database, listening on a free port. `env` overrides environment variables (e.g. { DEMO_DATA: 'true' }).
 */
export async function createTestApp(env: Record<string, string> = {}, options: BootOptions = {}): Promise<TestApp> {
  const t = await createTestContext(env, options);
  await t.app.listen(0, '127.0.0.1');
  return t;
}

/**
 * The same application on a fresh database, not listening: for the medium tier (test/medium), whose specs call
 * use cases and adapters from `t.app.get(…)` and never go through HTTP.
 */
export async function createTestContext(env: Record<string, string> = {}, options: BootOptions = {}): Promise<TestApp> {
  const database = await timed('database', createTestDatabase);
  const config = testConfig(env);
  const app = await timed('boot', () => createApp(config, database.url, options));
  const orm = app.get<MikroORM>(MikroORM);
  return {
    app,
    config,
    databaseUrl: database.url,
    orm,
    http: () => request(app.getHttpServer()),
    sql: async <T>(query: string, params: unknown[] = []) => (await orm.em.getConnection().execute(query, params)) as T[],
    delivered: () => app.get(SqlCopyNotices).idle(),
    close: () =>
      timed('close', async () => {
        await app.close();
        await database.drop();
        removeTestDirs(config);
      }),
  };
}
