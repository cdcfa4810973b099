// Shared by the bench scripts: free ports and a throw-away database (embedded PostgreSQL unless
// DATABASE_URL is set). Uses the compiled API code, so build it before calling benchDatabase.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
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

/** "1.234 s" */
export const seconds = (ms) => `${(ms / 1000).toFixed(3)} s`;

/** [milliseconds, result] of `work()`. */
export async function time(work) {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * With BENCH_PROFILE set, prints the time of every SQL statement MikroORM runs while the returned switch's `on`
 * is true (the bench turns it on around what it measures).
 */
export function sqlProfile(on = false) {
  const profile = { on };
  if (process.env.BENCH_PROFILE) {
    const { AbstractSqlConnection } = createRequire(import.meta.url)('@mikro-orm/knex');
    const execute = AbstractSqlConnection.prototype.execute;
    AbstractSqlConnection.prototype.execute = async function (query, ...rest) {
      const started = performance.now();
      try {
        return await execute.call(this, query, ...rest);
      } finally {
        if (profile.on) console.log(`  ${(performance.now() - started).toFixed(0).padStart(6)} ms  ${String(query).replace(/\s+/g, ' ').slice(0, 110)}`);
      }
    };
  }
  return profile;
}

/**
 * Starts a bench's server script (bench/…/server.mjs) in a process of its own, its output appended to `logFile`,
 * and resolves once it has printed its ports as one JSON line on fd 3. BENCH_CPU_PROF=<dir>: the process writes a
 * V8 CPU profile there when it stops. `stop()` sends SIGTERM and waits for the exit.
 */
export async function startBenchServer(script, env, logFile) {
  const log = openSync(logFile, 'a');
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', log, log, 'pipe'] });
  const ports = await new Promise((resolve, reject) => {
    let buffer = '';
    child.stdio[3].on('data', (d) => {
      buffer += d;
      if (buffer.includes('\n')) resolve(JSON.parse(buffer.split('\n')[0]));
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening; see ${logFile}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { ports, stop, child };
}
