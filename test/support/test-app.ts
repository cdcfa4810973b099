import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import type { AppConfig } from '@mirrorline/shared';
import { loadConfig } from '../../apps/api/src/config/load-config';
import { createApp, type BootOptions } from '../../apps/api/src/bootstrap';
import { dropDatabase, ensureDatabase } from '../../apps/api/src/database/database-url';
import { withDatabase } from '../../apps/api/src/database/embedded-postgres';
import { SqlCopyNotices } from '@mirrorline/copy-trading';

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

/** A fresh database for one spec file: created, migrated, and dropped on close. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(serverUrl(), name);
  return { url: withDatabase(serverUrl(), name), drop: () => dropDatabase(serverUrl(), name) };
}

/**
 * Boots the real application (same modules, pipes, filter and HTTP stack as main.ts) on a fresh
 * database. `env` overrides environment variables (e.g. { DEMO_DATA: 'true' }).
 */
export async function createTestApp(env: Record<string, string> = {}, options: BootOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      SPA_DIR: 'off',
      ADMIN_PANEL: 'false',
      // Specs share a loaded 2-core machine with their own PostgreSQL: a new pooled connection may take longer
      // than production's 2 s to open. The fail-fast limits are tested where they matter (test/faults).
      DB_ACQUIRE_TIMEOUT_MS: '15000',
      // A spec sets a quote and fills on it a moment later; on a loaded machine that moment can pass 2 s. Fills
      // accept a quote as old as a mark does here; test/market-fill-age.e2e-spec.ts runs the 2 s default.
      MARKET_MAX_FILL_AGE_MS: '10000',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mirrorline-test-var-')),
      UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'mirrorline-test-uploads-')),
      ...env,
    },
    process.cwd(),
  );
  const app = await createApp(config, database.url, options);
  await app.listen(0, '127.0.0.1');
  const orm = app.get<MikroORM>(MikroORM);
  return {
    app,
    config,
    databaseUrl: database.url,
    orm,
    http: () => request(app.getHttpServer()),
    sql: async <T>(query: string, params: unknown[] = []) => (await orm.em.getConnection().execute(query, params)) as T[],
    delivered: () => app.get(SqlCopyNotices).idle(),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
