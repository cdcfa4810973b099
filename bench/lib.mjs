// Shared by the bench scripts: free ports and a throw-away database (embedded PostgreSQL unless
// DATABASE_URL is set). Uses the compiled API code, so build it before calling benchDatabase.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/build-lib.mjs';

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Creates a fresh database named `<prefix>_<random>` and returns its URL; what to undo is put at the
 * front of `cleanups` (run them in order: database first, then the embedded server).
 */
export async function benchDatabase(prefix, cleanups) {
  const dist = (p) => createRequire(import.meta.url)(join(root, 'dist', 'apps', 'api', 'src', 'database', p));
  const { ensureDatabase, dropDatabase } = dist('database-url.js');
  const { startEmbeddedPostgres, withDatabase } = dist('embedded-postgres.js');
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'mirrorline-bench-pg-'));
    chmodSync(dir, 0o755); // as root, PostgreSQL runs as 'postgres' and must reach its data dir
    const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pgdata'), port: await freePort(), persistent: false });
    cleanups.unshift(async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    serverUrl = pg.url;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(serverUrl, name);
  cleanups.unshift(() => dropDatabase(serverUrl, name));
  return withDatabase(serverUrl, name);
}
