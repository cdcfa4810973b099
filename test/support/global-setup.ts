import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../apps/api/src/database/embedded-postgres';
import { freePort } from './free-port';

/**
 * Settings of the throw-away test cluster only (never the product's server, which keeps fsync on): a crash of
 * this cluster loses nothing anyone needs, so nothing waits for the disk. Commits still commit, and locks and
 * isolation are PostgreSQL's own: only durability across a crash is given up.
 */
export const TEST_CLUSTER_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/**
 * One real PostgreSQL server per test run (embedded-postgres, throw-away data dir, TEST_CLUSTER_SETTINGS), and
 * the name of the run's migrated template database: the first spec file makes it, and every spec file's database
 * is a copy of it (test-app.ts), so the migrations run once per run, not once per file.
 * TEST_DATABASE_URL=… runs against an external server instead (the teardown drops the template there).
 */
export default async function globalSetup(): Promise<void> {
  process.env.TEST_TEMPLATE_DATABASE = `t_template_${process.pid}`;
  // an external server, or this run's cluster when a second project of the run (medium-groups and e2e-groups in one
  // `npm test` step) sets up after the first
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'mirrorline-test-pg-'));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as the 'postgres' user and must reach its data dir
  const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pgdata'), port: await freePort(), persistent: false, settings: TEST_CLUSTER_SETTINGS });
  process.env.TEST_DATABASE_URL = pg.url;
  // stopped once, however many projects of the run have a teardown; its folder goes with it (the cluster removes
  // pgdata, and the folder kept the password file)
  let stopping: Promise<void> | undefined;
  const stop = async () => {
    try {
      await pg.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  (globalThis as { __MIRRORLINE_PG__?: { stop(): Promise<void> } }).__MIRRORLINE_PG__ = { stop: () => (stopping ??= stop()) };
}
