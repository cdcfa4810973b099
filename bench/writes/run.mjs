// Write-path bench (npm run bench:writes): the write mix an overload brings (deposits, copy funds, copy
// withdrawals, trade opens and closes) driven open-loop at rising rates against the application as `npm start`
// serves it, with a bare Nest route that runs one INSERT transaction on the same pool as the reference.
//
//   node bench/writes/run.mjs        BENCH_SECONDS=8 BENCH_START_RATE=20 BENCH_USERS=200 BENCH_TRADERS=10
//                                    BENCH_MAX_STEPS=8 BENCH_CPU_PROF=<dir> (V8 CPU profile of the server process)
//
// - Seeds (set-based SQL) BENCH_TRADERS traders and BENCH_USERS users, each funded 10,000.00 in cash and copying
//   every trader with 100.00.
// - Reference: the bare route, closed-loop (autocannon, 32 connections): its req/s is the pool's write capacity.
// - Open-loop steps (requests sent on schedule whatever the answers, latency counted from the scheduled time):
//   the rate doubles from BENCH_START_RATE until the application saturates (it completes < 90 % of the rate, or
//   more than 1 % is shed); then one step at 2× the saturation throughput.
// - Prints per step: the load average, achieved throughput (2xx/s), p50/p99 of accepted requests, the share of
//   503s and their p99, other 4xx, 500s.
// Targets (exit 1 on a miss): saturation throughput ≥ 40 % of the reference; at 2× saturation, accepted p99
// ≤ 1 s and 503s answered in ≤ 50 ms (p99); no 500 anywhere.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiIsStale, buildApi, root } from '../../scripts/build-lib.mjs';
import { benchDatabase, startBenchServer } from '../lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const START_RATE = Number(process.env.BENCH_START_RATE ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const TRADERS = Number(process.env.BENCH_TRADERS ?? 10);
const MAX_STEPS = Number(process.env.BENCH_MAX_STEPS ?? 8);
const TARGET_RATIO = 0.4;
const TARGET_ACCEPTED_P99_MS = 1_000;
const TARGET_SHED_P99_MS = 50;

if (apiIsStale()) buildApi();
const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const pg = require('pg');
const jwt = require('jsonwebtoken');

const SECRETS = {
  JWT_ACCESS_SECRET: 'bench-writes-access-secret-0123456789abcdef0123456789',
  JWT_REFRESH_SECRET: 'bench-writes-refresh-secret-0123456789abcdef01234567',
  SESSION_SECRET: 'bench-writes-session-secret-0123456789abcdef01234567',
};

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const quantile = (xs, q) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] : 0);
const fmt = (v, w) => String(v).padStart(w);

const startServer = (env, logFile) => startBenchServer(join(root, 'bench', 'writes', 'server.mjs'), env, logFile);

/** Traders, funded users, their copies and sessions, in set-based SQL; returns what the driver needs. */
async function seed(db) {
  const started = performance.now();
  await db.query(
    `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
     SELECT 'wt' || g || '@bench.test', 'wt_' || g, 'Bench', 'Trader', 'x', '{User,Trader}', true, 'Verified' FROM generate_series(1, $1) g`,
    [TRADERS],
  );
  await db.query(`INSERT INTO trader_profiles (user_id, name, share_pct, max_copiers) SELECT id, 'Bench ' || username, 20, 100000 FROM users WHERE username LIKE 'wt\\_%'`);
  await db.query(
    `INSERT INTO users (email, username, firstname, lastname, password_hash, email_verified, kyc_status)
     SELECT 'wu' || g || '@bench.test', 'wu_' || g, 'Bench', 'User', 'x', true, 'Verified' FROM generate_series(1, $1) g`,
    [USERS],
  );
  await db.query(`INSERT INTO ledger_accounts (owner_id, kind) SELECT id, 'cash' FROM users WHERE username LIKE 'wu\\_%' OR username LIKE 'wt\\_%'`);
  await db.query(
    `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('deposit', 'bench-writes-cash') RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, a.id, 1000000 FROM tx, ledger_accounts a JOIN users u ON u.id = a.owner_id WHERE a.kind = 'cash' AND u.username LIKE 'wu\\_%'
     UNION ALL SELECT tx.id, (SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -1000000::bigint * $1 FROM tx`,
    [USERS],
  );
  await db.query(
    `INSERT INTO copies (follower_id, trader_id, invested, high_water_mark)
     SELECT u.id, t.id, 10000, 10000 FROM users u CROSS JOIN trader_profiles t JOIN users tu ON tu.id = t.user_id
     WHERE u.username LIKE 'wu\\_%' AND tu.username LIKE 'wt\\_%'`,
  );
  await db.query(`INSERT INTO ledger_accounts (owner_id, kind, copy_id) SELECT follower_id, 'copy_equity', id FROM copies`);
  await db.query(
    `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('copy_fund', 'bench-writes-copies') RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, a.id, 10000 FROM tx, ledger_accounts a WHERE a.kind = 'copy_equity'
     UNION ALL SELECT tx.id, (SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -10000::bigint * (SELECT count(*) FROM copies) FROM tx`,
  );
  await db.query(`INSERT INTO auth_sessions (id, user_id, created_at, last_used_at, user_agent) SELECT gen_random_uuid(), id, now(), now(), 'bench' FROM users WHERE username ~ '^w[tu]_'`);
  await db.query('ANALYZE');
  const { rows: people } = await db.query(
    `SELECT u.id, u.email, u.username, u.roles, s.id AS sid, t.id AS trader_id FROM users u JOIN auth_sessions s ON s.user_id = u.id
     LEFT JOIN trader_profiles t ON t.user_id = u.id WHERE u.username ~ '^w[tu]_'`,
  );
  const { rows: copies } = await db.query(`SELECT c.id, c.follower_id FROM copies c`);
  const bearer = (p) => {
    const roles = p.roles;
    const info = {
      userId: p.id, verified: true, email: p.email, username: p.username, firstname: 'Bench', lastname: 'User', traderID: p.trader_id ? Number(p.trader_id) : null,
      copyID: [], balance: '0.00', tradingBalance: '0.00', roles, kycverified: true, kycstring: 'Verified', copiedTrades: 0,
    };
    return `Bearer ${jwt.sign({ UserInfo: info, sub: p.id, typ: 'access', sid: p.sid }, SECRETS.JWT_ACCESS_SECRET, { algorithm: 'HS256', expiresIn: 4 * 3600 })}`;
  };
  const users = people.filter((p) => p.username.startsWith('wu_')).map((p) => ({ id: p.id, bearer: bearer(p), copies: copies.filter((c) => c.follower_id === p.id).map((c) => c.id) }));
  const traders = people.filter((p) => p.username.startsWith('wt_')).map((p) => ({ id: p.id, bearer: bearer(p), open: [] }));
  console.log(`seeded ${TRADERS} traders, ${USERS} users funded 10,000.00 each, ${copies.length} copies of 100.00 in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { users, traders };
}

const agent = new Agent({ keepAlive: true, maxSockets: 4_000 });

/**
 * One request; resolves { status, body } (status 0 with the error code when the connection failed). A request
 * that failed on a reused keep-alive connection (the server closed it as the request went out) is sent again
 * once, as HTTP clients do: nothing of it reached the application.
 */
function send(base, method, path, bearer, body, key = randomUUID(), retried = false) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          Authorization: bearer,
          'Idempotency-Key': key,
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let parsed = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, body: parsed });
        });
      },
    );
    req.on('error', (error) => (req.reusedSocket && !retried ? resolve(send(base, method, path, bearer, body, key, true)) : resolve({ status: 0, body: { code: error.code } })));
    if (payload) req.write(payload);
    req.end();
  });
}

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

/** The write mix: deposits 30 %, copy funds 25 %, copy withdrawals 25 %, trade opens and closes 20 %. */
function nextOperation(base, { users, traders }) {
  const r = Math.random();
  if (r < 0.3) {
    const user = pick(users);
    return ['deposit', () => send(base, 'POST', '/api/wallet/deposit', user.bearer, { amount: '10.00' })];
  }
  if (r < 0.55) {
    const user = pick(users);
    return ['copy funds', () => send(base, 'POST', `/api/copies/${pick(user.copies)}/funds`, user.bearer, { amount: '1.00' })];
  }
  if (r < 0.8) {
    const user = pick(users);
    return ['copy withdraw', () => send(base, 'POST', `/api/copies/${pick(user.copies)}/withdraw`, user.bearer, { amount: '1.00' })];
  }
  const trader = pick(traders);
  if (trader.open.length && (trader.open.length >= 3 || Math.random() < 0.5)) {
    const id = trader.open.shift();
    return [
      'trade close',
      async () => {
        const answer = await send(base, 'POST', `/api/trader/trades/${id}/close`, trader.bearer, {});
        if (answer.status === 503 || answer.status === 0) trader.open.push(id); // not closed: close it later
        return answer;
      },
    ];
  }
  return [
    'trade open',
    async () => {
      const answer = await send(base, 'POST', '/api/trader/trades', trader.bearer, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 1 });
      if (answer.status === 201 && answer.body?.trade?.id !== undefined) trader.open.push(answer.body.trade.id);
      return answer;
    },
  ];
}

/** One open-loop step: `rate` requests a second for SECONDS; latency from each request's scheduled time. */
async function step(base, state, rate) {
  const total = Math.round(rate * SECONDS);
  const interval = 1000 / rate;
  const results = [];
  const inFlight = [];
  const began = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && began + sent * interval <= now) {
        const scheduled = began + sent * interval;
        const [kind, run] = nextOperation(base, state);
        inFlight.push(run().then((answer) => results.push({ kind, status: answer.status, code: answer.body?.code, message: answer.body?.message, ms: performance.now() - scheduled })));
        sent++;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, Math.min(5, began + sent * interval - performance.now())));
    };
    tick();
  });
  const loadAtEnd = load();
  await Promise.all(inFlight);
  const elapsed = (performance.now() - began) / 1000;
  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  const shed = results.filter((r) => r.status === 503);
  const errors = results.filter((r) => r.status >= 500 && r.status !== 503);
  const failed = results.filter((r) => r.status === 0);
  const other = results.filter((r) => r.status >= 400 && r.status < 500);
  return {
    rate,
    sent: total,
    throughput: ok.length / Math.max(elapsed, SECONDS),
    p50: quantile(ok.map((r) => r.ms), 0.5),
    p99: quantile(ok.map((r) => r.ms), 0.99),
    shedShare: shed.length / total,
    shedP99: quantile(shed.map((r) => r.ms), 0.99),
    shedReasons: [...new Set(shed.map((r) => (/busy/.test(r.message ?? '') ? 'busy' : r.code)))].join(','),
    other: other.length,
    otherCodes: [...new Set(other.map((r) => `${r.status} ${r.code}`))].slice(0, 4).join(', '),
    errors: errors.length,
    failed: failed.length,
    load: loadAtEnd,
    kinds: [...new Set(results.map((r) => r.kind))].sort().map((kind) => {
      const mine = results.filter((r) => r.kind === kind);
      const accepted = mine.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.ms);
      const shed = mine.filter((r) => r.status === 503).map((r) => r.ms);
      return { kind, sent: mine.length, ok: accepted.length, shed: shed.length, p50: quantile(accepted, 0.5), p99: quantile(accepted, 0.99), shedP50: quantile(shed, 0.5), shedP99: quantile(shed, 0.99) };
    }),
  };
}

/** Per kind of write: how many were sent, accepted and shed, and the accepted ones' p50/p99. */
function printKinds(s, label) {
  console.log(`\n${label}:\n${'kind'.padEnd(14)}${'sent'.padStart(6)}${'2xx'.padStart(6)}${'503'.padStart(6)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'503 p50'.padStart(9)}${'503 p99'.padStart(9)}`);
  for (const k of s.kinds) console.log(`${k.kind.padEnd(14)}${fmt(k.sent, 6)}${fmt(k.ok, 6)}${fmt(k.shed, 6)}${fmt(Math.round(k.p50), 8)}${fmt(Math.round(k.p99), 8)}${fmt(Math.round(k.shedP50), 9)}${fmt(Math.round(k.shedP99), 9)}`);
}

function printStep(s, label = '') {
  console.log(
    `${fmt(s.rate, 6)}${fmt(s.sent, 7)}${fmt(s.throughput.toFixed(1), 9)}${fmt(Math.round(s.p50), 8)}${fmt(Math.round(s.p99), 8)}` +
      `${fmt(`${(s.shedShare * 100).toFixed(1)} %`, 9)}${fmt(Math.round(s.shedP99), 9)}${fmt(s.other, 7)}${fmt(s.errors, 6)}${fmt(s.failed, 7)}   ${s.load}${label}` +
      `${s.shedReasons ? `  503: ${s.shedReasons}` : ''}${s.otherCodes ? `  4xx: ${s.otherCodes}` : ''}`,
  );
}

/** Waits until nothing the last step sent is still being worked on (the app answers a deposit within 200 ms). */
async function settle(base, state) {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const started = performance.now();
    const answer = await send(base, 'POST', '/api/wallet/deposit', state.users[0].bearer, { amount: '1.00' });
    if (answer.status === 201 && performance.now() - started < 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  const cleanups = [];
  let server;
  const missed = [];
  try {
    const databaseUrl = await benchDatabase('bench_writes', cleanups);
    const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-bench-writes-'));
    chmodSync(dataDir, 0o755);
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.unshift(() => db.end());
    await db.query('CREATE TABLE bench_writes_reference (id bigserial PRIMARY KEY, n integer NOT NULL, at timestamptz NOT NULL DEFAULT now())');
    server = await startServer(
      {
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        UPLOAD_DIR: join(dataDir, 'uploads'),
        DEMO_DATA: 'false',
        DEMO_TRADING: 'false',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        ADMIN_EMAIL: 'bench-admin@bench.test',
        ADMIN_PASSWORD: 'bench-admin-password-1',
        ...SECRETS,
      },
      join(dataDir, 'api.log'),
    );
    const state = await seed(db);
    const app = `http://127.0.0.1:${server.ports.app}`;
    const { loadConfig } = require(join(root, 'dist', 'apps', 'api', 'src', 'config', 'load-config.js'));
    const config = loadConfig({ ...SECRETS, DATABASE_URL: databaseUrl }, root);
    console.log(`app as npm start runs it: SPA ${config.spaDir ? 'mounted' : 'off'}, AdminJS ${config.adminPanel ? 'mounted' : 'off'}, log ${process.env.LOG_LEVEL ?? 'info'}; DB_POOL_SIZE ${config.dbPoolSize}, MAX_IN_FLIGHT ${config.maxInFlight}`);

    // Quotes come from the simulated feed a moment after the start: open and close one trade first.
    for (const until = performance.now() + 60_000; performance.now() < until; await new Promise((r) => setTimeout(r, 500))) {
      const opened = await send(app, 'POST', '/api/trader/trades', state.traders[0].bearer, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 1 });
      if (opened.status === 201) {
        await send(app, 'POST', `/api/trader/trades/${opened.body.trade.id}/close`, state.traders[0].bearer, {});
        break;
      }
    }

    const reference = await new Promise((resolve, reject) =>
      autocannon({ url: `http://127.0.0.1:${server.ports.bare}/bare`, method: 'POST', connections: 32, duration: SECONDS }, (e, r) => (e ? reject(e) : resolve(r))),
    );
    const referenceRps = reference.requests.average;
    console.log(`\nreference: bare Nest route, one INSERT transaction on the app's pool: ${referenceRps.toFixed(0)} req/s (32 connections, closed loop), p99 ${reference.latency.p99} ms, load ${load()}`);
    console.log(`\n${'rate'.padStart(6)}${'sent'.padStart(7)}${'2xx/s'.padStart(9)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'503'.padStart(9)}${'503 p99'.padStart(9)}${'4xx'.padStart(7)}${'5xx'.padStart(6)}${'failed'.padStart(7)}   load average`);

    // A first step, not counted: the pool opens its connections and the JIT warms up (the first step measured
    // otherwise saturated below the second).
    await step(app, state, START_RATE);
    let rate = START_RATE;
    let saturation = 0;
    const steps = [];
    for (let i = 0; i < MAX_STEPS; i++) {
      await settle(app, state);
      const s = await step(app, state, rate);
      steps.push(s);
      printStep(s);
      saturation = Math.max(saturation, s.throughput);
      if (s.throughput < 0.9 * rate || s.shedShare > 0.01) break;
      rate *= 2;
    }
    await settle(app, state);
    const overload = await step(app, state, Math.max(1, Math.round(2 * saturation)));
    steps.push(overload);
    printStep(overload, '  ← 2× saturation');
    printKinds(steps.reduce((a, b) => (b !== overload && b.throughput > a.throughput ? b : a), steps[0]), 'per kind at the saturation step');
    printKinds(overload, 'per kind at 2× saturation');

    const ratio = saturation / referenceRps;
    const verdicts = [
      [`saturation throughput ${saturation.toFixed(1)} req/s = ${(ratio * 100).toFixed(1)} % of the reference (≥ ${TARGET_RATIO * 100} %)`, ratio >= TARGET_RATIO],
      [`at 2× saturation (${overload.rate} req/s): accepted p99 ${Math.round(overload.p99)} ms (≤ ${TARGET_ACCEPTED_P99_MS} ms)`, overload.p99 <= TARGET_ACCEPTED_P99_MS],
      [
        overload.shedShare ? `at 2× saturation: 503 p99 ${Math.round(overload.shedP99)} ms (≤ ${TARGET_SHED_P99_MS} ms)` : 'at 2× saturation: no 503 (nothing to answer fast)',
        overload.shedP99 <= TARGET_SHED_P99_MS,
      ],
      [`500s: ${steps.reduce((n, s) => n + s.errors, 0)} (0)`, steps.every((s) => s.errors === 0)],
    ];
    console.log('');
    for (const [line, ok] of verdicts) {
      console.log(`${ok ? 'met   ' : 'MISSED'} ${line}`);
      if (!ok) missed.push(line);
    }
  } finally {
    await server?.stop();
    agent.destroy();
    for (const cleanup of cleanups) await cleanup();
  }
  console.log(missed.length ? `\nMISSED: ${missed.length} target(s)` : '\nall targets met');
  process.exit(missed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
