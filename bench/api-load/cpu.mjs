// CPU cost per request of the API load bench's routes (a companion of run.mjs for step-by-step work):
// the server process's CPU time (user + system, from /proc/<pid>/stat) over a fixed number of requests,
// divided by that number. Much steadier than req/s on a shared machine: other processes' load changes
// how long a request waits, hardly what it costs. Demo data, or run.mjs's large data set (BENCH_SIZE=large).
//
//   node bench/api-load/cpu.mjs   (BENCH_REQUESTS=20000 BENCH_CONNECTIONS=20 BENCH_ROUTES=bare,wakeup,user BENCH_CPU_PROF=<dir>
//                                  BENCH_CONFIG=npm|stripped: the app as npm start runs it (default) or without SPA and AdminJS)
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiIsStale, buildApi, root } from '../../scripts/build-lib.mjs';
import { benchDatabase } from '../lib.mjs';
import { seedLarge } from './seed.mjs';
import { selectedConfigs } from './configs.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ROUTES?.split(',');
const PASSWORD = 'bench-password-1';

if (apiIsStale()) buildApi();
const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const pg = require('pg');
const { hash } = require('@node-rs/argon2');

const ticks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
};
const cannon = (opts) =>
  new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, timeout: 10, ...opts }, (e, r) => (e ? reject(e) : resolve(r))));

const cleanups = [];
let child;
let logFile;
try {
  const databaseUrl = await benchDatabase('bench_cpu', cleanups);
  const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-bench-cpu-'));
  chmodSync(dataDir, 0o755);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  logFile = join(dataDir, 'api.log');
  const log = openSync(logFile, 'a');
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  child = spawn(process.execPath, [...profile, join(root, 'bench', 'api-load', 'server.mjs')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development', DATA_DIR: dataDir, UPLOAD_DIR: join(dataDir, 'uploads'),
      DEMO_DATA: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', TRUST_PROXY: 'true', ...selectedConfigs(process.env.BENCH_CONFIG ?? 'npm')[0][1] },
    stdio: ['ignore', log, log, 'pipe'],
  });
  const ports = await new Promise((resolve, reject) => {
    let buffer = '';
    child.stdio[3].on('data', (d) => {
      buffer += d;
      if (buffer.includes('\n')) resolve(JSON.parse(buffer.split('\n')[0]));
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.unshift(() => db.end());
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  let email = 'bench-user@bench.test';
  let traderId;
  if (process.env.BENCH_SIZE === 'large') {
    // BENCH_SIZE=large: run.mjs's large data set (the bench user is one of the big trader's followers).
    const seeded = await seedLarge(db, { copies: 100_000, positions: 1_000_000, followers: 10_000 });
    traderId = seeded.traderId;
    email = seeded.follower.email;
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [seeded.follower.id, passwordHash]);
  } else {
    await db.query(
      `INSERT INTO users (email, username, firstname, lastname, password_hash, email_verified, kyc_status)
       VALUES ($1, 'bench_user', 'Bench', 'User', $2, true, 'Verified') ON CONFLICT DO NOTHING`,
      [email, passwordHash],
    );
  }
  const app = `http://127.0.0.1:${ports.app}/api`;
  const login = await fetch(`${app}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!login.ok) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = await login.json();
  const auth = { authorization: `Bearer ${accessToken}` };
  const list = await (await fetch(`${app}/traders/`)).json();
  traderId ??= list.items?.[0]?.id ?? list.traders?.[0]?.id;
  const routes = [
    ['bare Nest', { url: `http://127.0.0.1:${ports.bare}/bare`, method: 'POST' }],
    ['POST wakeup/', { url: `${app}/wakeup/`, method: 'POST' }],
    ['GET traders/', { url: `${app}/traders/` }],
    ['GET traders/:id', { url: `${app}/traders/${traderId}` }],
    ['GET user/get/', { url: `${app}/user/get/`, headers: auth }],
    ['GET wallet/', { url: `${app}/wallet/`, headers: auth }],
  ];
  console.log(`${'route'.padEnd(18)}${'µs CPU/req'.padStart(12)}${'req/s'.padStart(8)}${'p99'.padStart(6)}  (server process; ${REQUESTS} requests, ${CONNECTIONS} connections)`);
  for (const [name, opts] of routes) {
    if (ONLY && !ONLY.some((p) => name.includes(p))) continue;
    await cannon({ ...opts, amount: 2000 });
    const before = ticks(child.pid);
    const r = await cannon({ ...opts, amount: REQUESTS });
    const cpu = ((ticks(child.pid) - before) * 10_000) / REQUESTS;
    console.log(`${name.padEnd(18)}${cpu.toFixed(0).padStart(12)}${String(Math.round(r.requests.average)).padStart(8)}${String(r.latency.p99).padStart(6)}${r.non2xx ? `  ${r.non2xx} non-2xx` : ''}`);
  }
} catch (error) {
  if (logFile) console.error(readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n').slice(-6000));
  throw error;
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  for (const cleanup of cleanups) await cleanup();
}
