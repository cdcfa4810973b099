// Ledger bench: 1,000 concurrent money operations from 50 users through the HTTP API, then the ledger check.
//
//   node bench/ledger/run.mjs                 (npm run bench:ledger)
//   BENCH_OPS=1000 BENCH_USERS=50 BENCH_CONCURRENCY=1000 DATABASE_URL=postgres://… node bench/ledger/run.mjs
//
// Runs the compiled API (dist/, rebuilt when stale) in a child process (so that the load generator does
// not share the API's event loop) on a throw-away database: a fresh
// embedded PostgreSQL when DATABASE_URL is unset, otherwise a new database on that server (dropped after).
// Prints throughput (ops/s), latency percentiles, the status mix and the ledger check; exits 1 when an
// invariant is broken or a request answered 5xx. It is a measurement, not part of `npm test`.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiIsStale, buildApi, root } from '../../scripts/build-lib.mjs';
import { benchDatabase } from '../lib.mjs';

const OPS = Number(process.env.BENCH_OPS ?? 1000);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? OPS);

const require = createRequire(import.meta.url);
const dist = (p) => require(join(root, 'dist', 'apps', 'api', 'src', p));
const { loadConfig } = dist('config/load-config.js');
const { createApp } = dist('bootstrap.js');
const { JwtService } = require('@nestjs/jwt');
const { Client } = require('pg');

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const money = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Child process: serve the API on the given database and report the port and the token key to the parent. */
async function serve() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-bench-var-'));
  const config = loadConfig(
    {
      NODE_ENV: 'development',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DEMO_DATA: 'false',
      SPA_DIR: 'off',
      ADMIN_PANEL: 'false',
      DATA_DIR: dataDir,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    },
    root,
  );
  const app = await createApp(config, process.env.BENCH_DATABASE_URL);
  await app.listen(0, '127.0.0.1');
  process.send({ port: app.getHttpServer().address().port, jwtSecret: config.jwtAccessSecret, logLevel: config.logLevel });
  process.on('message', async (message) => {
    if (message === 'stop') {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}

async function main() {
  if (apiIsStale()) buildApi();
  const cleanups = [];
  try {
    const databaseUrl = await benchDatabase('bench_ledger', cleanups);

    // --- the API, in its own process --------------------------------------------------------------
    const child = fork(new URL(import.meta.url).pathname, ['--serve'], {
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
      // BENCH_PROFILE=dir writes a CPU profile of the API process there.
      execArgv: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    });
    const server = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)));
    });
    cleanups.unshift(
      () =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.send('stop');
        }),
    );
    const config = { jwtAccessSecret: server.jwtSecret, logLevel: server.logLevel };
    const base = `http://127.0.0.1:${server.port}/api`;

    // --- users and tokens (direct SQL: sign-up is not what is measured) ------------------------
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.unshift(() => db.end());
    const jwt = new JwtService();
    const insertUser = async (name, roles) => {
      const { rows } = await db.query(
        `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
         VALUES ($1, $2, 'Bench', 'User', 'x', $3::text[], true, 'Verified') RETURNING id`,
        [`${name}@bench.test`, name, `{${roles.join(',')}}`],
      );
      const id = rows[0].id;
      // Access tokens name their session (auth_sessions: a revoked one is refused at once); admins must
      // have 2FA (only its presence is read on these routes); withdrawals go only to a saved address.
      const sid = randomUUID();
      await db.query(`INSERT INTO auth_sessions (id, user_id, created_at, last_used_at, user_agent) VALUES ($1, $2, now(), now(), 'bench')`, [sid, id]);
      if (roles.includes('Admin')) await db.query(`INSERT INTO user_mfa (user_id, secret_enc, enabled_at) VALUES ($1, 'bench-not-a-secret', now())`, [id]);
      await db.query(
        `INSERT INTO withdrawal_addresses (user_id, label, destination, created_at, usable_at) VALUES ($1, 'bench', 'IBAN-BENCH', now() - interval '2 days', now() - interval '1 day')`,
        [id],
      );
      const info = { userId: id, verified: true, email: `${name}@bench.test`, username: name, firstname: 'Bench', lastname: 'User', traderID: null, copyID: [], balance: '0.00', tradingBalance: '0.00', roles, kycverified: true, kycstring: 'Verified', copiedTrades: 0 };
      const token = jwt.sign({ UserInfo: info, sub: id, typ: 'access', sid }, { secret: config.jwtAccessSecret, algorithm: 'HS256', expiresIn: 3600 });
      return { id, bearer: `Bearer ${token}` };
    };
    const admin = await insertUser(`bench_admin_${randomBytes(3).toString('hex')}`, ['User', 'Admin']);
    const users = [];
    for (let i = 0; i < USERS; i++) users.push(await insertUser(`bench_${i}_${randomBytes(3).toString('hex')}`, ['User']));

    const call = async (user, method, path, body) => {
      const headers = { authorization: user.bearer, 'content-type': 'application/json' };
      if (method === 'POST') headers['idempotency-key'] = randomUUID();
      const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json().catch(() => null) };
    };

    // --- set-up: every user starts with 200.00 and a few pending requests for the admin ----------
    const pendingIds = [];
    await Promise.all(
      users.map(async (user) => {
        const deposit = await call(user, 'POST', '/wallet/deposit', { amount: '200.00' });
        const approved = await call(admin, 'POST', `/admin/transactions/${deposit.body.id}/approve`, {});
        if (approved.status !== 200) throw new Error(`set-up approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
        for (let i = 0; i < 3; i++) pendingIds.push((await call(user, 'POST', '/wallet/deposit', { amount: '25.00' })).body.id);
      }),
    );

    // --- the measured run -------------------------------------------------------------------------
    // Mix: 40 % withdrawals (random 1.00–40.00: some must be refused), 30 % deposits, 30 % admin decisions.
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const ops = Array.from({ length: OPS }, (_, i) => {
      const user = users[i % USERS];
      const r = rand();
      if (r < 0.4) return () => call(user, 'POST', '/wallet/withdraw', { amount: money(100 + Math.floor(rand() * 3900)), destination: 'IBAN-BENCH' });
      if (r < 0.7) return () => call(user, 'POST', '/wallet/deposit', { amount: money(100 + Math.floor(rand() * 9900)) });
      const id = pendingIds.length ? pendingIds.pop() : null;
      const decision = rand() < 0.7 ? 'approve' : 'reject';
      return id
        ? () => call(admin, 'POST', `/admin/transactions/${id}/${decision}`, {})
        : () => call(user, 'POST', '/wallet/deposit', { amount: '1.00' });
    });

    const latencies = [];
    const statuses = new Map();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, OPS) }, async () => {
        while (next < ops.length) {
          const op = ops[next++];
          const t0 = performance.now();
          const res = await op();
          latencies.push(performance.now() - t0);
          const key = res.status === 409 && res.body?.code ? `409 ${res.body.code}` : String(res.status);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    // --- invariants ---------------------------------------------------------------------------------
    const check = (await call(admin, 'GET', '/admin/wallets?limit=1')).body;
    const { rows: [neg] } = await db.query('SELECT count(*)::int AS n FROM ledger_accounts WHERE owner_id IS NOT NULL AND balance < 0');
    const { rows: [counts] } = await db.query(
      "SELECT (SELECT count(*) FROM ledger_transactions)::int AS postings, (SELECT count(*) FROM wallet_transactions)::int AS requests, (SELECT count(*) FROM idempotency_keys)::int AS keys",
    );

    const fmt = (ms) => `${ms.toFixed(1)} ms`;
    console.log(`\nLedger bench: ${OPS} money operations, ${USERS} users, ${Math.min(CONCURRENCY, OPS)} in flight (Node ${process.version}, ${config.logLevel} logs)`);
    console.log(`  throughput   ${(OPS / seconds).toFixed(0)} ops/s  (${seconds.toFixed(2)} s)`);
    console.log(`  latency      p50 ${fmt(percentile(latencies, 50))}  p95 ${fmt(percentile(latencies, 95))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(latencies[latencies.length - 1])}`);
    console.log(`  statuses     ${[...statuses.entries()].sort().map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    console.log(`  ledger       ${counts.postings} postings, ${counts.requests} wallet requests, ${counts.keys} idempotency keys`);
    console.log(`  ledger check ${JSON.stringify(check.ledgerCheck)}`);
    console.log(`  platform     ${JSON.stringify(check.platform)}`);
    console.log(`  negative user balances: ${neg.n}`);
    const failed = [...statuses.keys()].some((k) => k.startsWith('5')) || !check.ledgerCheck?.balanced || neg.n !== 0;
    if (failed) {
      console.error('INVARIANT BROKEN or server error: see above');
      process.exitCode = 1;
    }
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((e) => console.error('cleanup:', e.message));
  }
}

(process.argv.includes('--serve') ? serve() : main()).then(
  () => {
    if (!process.argv.includes('--serve')) process.exit(process.exitCode ?? 0);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
