// AdminJS Users list with 1,000 users (the back-office's heaviest list): the built app started as `npm start` runs it
// (ADMIN_PANEL on) on a throw-away database, the bootstrap admin signed in to AdminJS with its 2FA code, then the
// list route timed. Target: median ≤ 1 s (it was an assertion in test/admin-panel; elapsed time is a bench's, not a
// test's). Prints the figures; exits 1 on a miss.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URLSearchParams } from 'node:url';
import pg from 'pg';
import { root } from '../../scripts/build-lib.mjs';
import { benchDatabase, freePort, median, time } from '../lib.mjs';

const TARGET_MS = 1_000;
const USERS = 1_000;
const RUNS = 20;
const ADMIN_EMAIL = 'bench-admin@mirrorline.test';
const ADMIN_PASSWORD = 'bench-admin-password-1';

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of a base32 secret, as an authenticator app computes it. */
function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

if (spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
const cleanups = [];
let server;
try {
  const databaseUrl = await benchDatabase('bench_admin', cleanups);
  const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-bench-admin-'));
  chmodSync(dataDir, 0o755);
  const base = `http://127.0.0.1:${await freePort()}`;
  server = spawn(process.execPath, ['dist/apps/api/src/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '', NODE_ENV: 'development', DATABASE_URL: databaseUrl, PORT: new URL(base).port, DATA_DIR: dataDir,
      UPLOAD_DIR: join(dataDir, 'uploads'), SPA_DIR: 'off', DEMO_DATA: 'false', ADMIN_PANEL: 'true', ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const deadline = Date.now() + 120_000; !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); ) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('the server did not become healthy');
    await new Promise((r) => setTimeout(r, 250));
  }
  // Admins must have 2FA: enrol through the API, as the SPA does.
  const api = (path, body, token) =>
    fetch(`${base}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const answer = async (res) => {
    const body = await res.json();
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const { accessToken } = await answer(await api('/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
  const { secret } = await answer(await api('/auth/mfa/setup', {}, accessToken));
  await answer(await api('/auth/mfa/enable', { code: totp(secret) }, accessToken));
  const signIn = await fetch(`${base}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, code: totp(secret, Date.now() + 30_000) }).toString(),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').match(/mirrorline_admin=[^;]+/)?.[0];
  if (!cookie) throw new Error(`AdminJS sign-in failed (${signIn.status})`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified)
     SELECT 'bulk' || i || '@mirrorline.test', 'bulk_' || i, 'Bulk', 'User', 'x', '{User}', true FROM generate_series(1, $1::int) AS i`,
    [USERS],
  );
  await db.end();
  const list = async () => {
    const res = await fetch(`${base}/admin/api/resources/UserEntity/actions/list?sortBy=email&direction=asc`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`the Users list answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return (await res.json()).meta.total;
  };
  await list(); // warm-up
  const times = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const [ms, n] = await time(list);
    times.push(ms);
    total = n;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const med = median(times);
  console.log(`AdminJS Users list, ${total} users, ${RUNS} runs: median ${med.toFixed(0)} ms, p95 ${sorted[Math.ceil(RUNS * 0.95) - 1].toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`);
  console.log(`target: median ≤ ${TARGET_MS} ms → ${med <= TARGET_MS ? 'met' : 'MISSED'}`);
  process.exitCode = med <= TARGET_MS ? 0 : 1;
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  for (const cleanup of cleanups) await cleanup();
}
