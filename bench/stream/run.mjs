// Quote-to-browser bench (product.md §9.7): one API instance with the simulated market (a tick a second
// for every open instrument) and BENCH_CLIENTS (1,000) Server-Sent-Events clients on market/stream, each
// subscribed to every symbol. Measures, for every event received, the time from the quote's time (taken
// just before it is stored) to the event's arrival; prints p50 / p99 / max, the events a second, and the
// server's RSS. Target: p99 ≤ 100 ms. Exits 1 on a miss. It is a measurement, not a test.
//
//   node bench/stream/run.mjs                    (npm run bench:stream)
//   BENCH_CLIENTS=1000 BENCH_SECONDS=20 DATABASE_URL=postgres://… node bench/stream/run.mjs
//
// --cluster (npm run bench:stream-cluster): the compose topology (docs/scale.md). BENCH_REPLICAS (2) API processes
// on the one database behind Debian's nginx running deploy/nginx.conf (scripts/nginx-local.mjs), and BENCH_CLIENTS
// (default 1,000 a replica) connected through nginx: a quote reaches the clients of the replica that did not store
// it over LISTEN/NOTIFY, then the proxy. Target: p99 ≤ 150 ms. Prints how nginx split the clients.
//   BENCH_CLIENTS=10000 node bench/stream/run.mjs --cluster     (the 10,000-client simulation of docs/scale.md)
//
// The API runs as a child process (the compiled dist/, rebuilt when stale), so its RSS is its own.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { clearInterval, setInterval } from 'node:timers';
import { cpus, loadavg } from 'node:os';
import { apiIsStale, buildApi, root } from '../../scripts/build-lib.mjs';
import { nginxInstalled, writeLocalNginx } from '../../scripts/nginx-local.mjs';
import { benchDatabase, freePort } from '../lib.mjs';

const CLUSTER = process.argv.includes('--cluster');
const REPLICAS = CLUSTER ? Number(process.env.BENCH_REPLICAS ?? 2) : 1;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000 * REPLICAS);
/** The clients are spread over worker threads, so that reading 1,000 streams is not one event loop's queue. */
const WORKERS = Number(process.env.BENCH_CLIENT_THREADS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const TARGET_P99_MS = CLUSTER ? 150 : 100;

if (!isMainThread) {
  clientThread(workerData);
} else {
  if (apiIsStale()) buildApi();
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * The loopback address of client `n`: the API allows 50 market streams per client address (product.md §11.4),
 * so each block of 50 clients comes from its own address in 127/8 (all of it is loopback on Linux).
 */
const clientAddress = (n) => `127.0.${Math.floor(n / 50 / 250)}.${(Math.floor(n / 50) % 250) + 2}`;

/** A worker: opens `count` streams (clients `first`…), and from `measure` to `stop` records each event's latency. */
function clientThread({ base, count, first }) {
  const latencies = [];
  const perSecond = {};
  let measuring = false;
  const requests = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let opened = 0;
  /** Clients per replica, from the X-Upstream header of the proxy (cluster mode). */
  const upstreams = {};
  /** 503s answered while connecting (e.g. no pooled connection for the snapshot within DB_ACQUIRE_TIMEOUT_MS on a busy host). */
  let retried = 0;
  const open = (localAddress = clientAddress(first + opened++), attempt = 0) =>
    new Promise((resolve, reject) => {
      const req = http.get(`${base}/api/market/stream`, { agent, localAddress, headers: { Accept: 'text/event-stream' } }, (res) => {
        // As an EventSource does: a 503 is retried after its Retry-After (at most 5 times), anything else is an error.
        if (res.statusCode === 503 && attempt < 5) {
          res.resume();
          retried++;
          const wait = Number(res.headers['retry-after'] ?? 1) * 1000;
          return setTimeout(() => open(localAddress, attempt + 1).then(resolve, reject), wait);
        }
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        const upstream = res.headers['x-upstream'] ?? 'direct';
        upstreams[upstream] = (upstreams[upstream] ?? 0) + 1;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const now = Date.now();
          buffer += chunk;
          const end = buffer.lastIndexOf('\n\n');
          if (end < 0) return;
          const frames = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!measuring) return;
          for (let at = frames.indexOf('"time":"'); at >= 0; at = frames.indexOf('"time":"', at + 8)) {
            const time = Date.parse(frames.slice(at + 8, at + 32));
            latencies.push(now - time);
            const second = Math.floor(time / 1000);
            perSecond[second] = Math.max(perSecond[second] ?? 0, now - time);
          }
        });
        resolve();
      });
      req.on('error', reject);
      requests.push(req);
    });
  parentPort.on('message', async (message) => {
    if (message === 'open') {
      for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: Math.min(50, count - i) }, open));
      parentPort.postMessage({ opened: count, upstreams, retried });
    } else if (message === 'measure') {
      measuring = true;
    } else if (message === 'stop') {
      measuring = false;
      for (const req of requests) req.destroy();
      parentPort.postMessage({ latencies, perSecond });
    }
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One API process (the built server) on `databaseUrl`, stopped (SIGINT: a drain) by the cleanups. */
async function startServer(databaseUrl, cleanups, env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-bench-stream-'));
  cleanups.unshift(async () => rmSync(dataDir, { recursive: true, force: true }));
  const server = spawn(process.execPath, [join(root, 'dist', 'apps', 'api', 'src', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ADMIN_PANEL: 'false',
      SPA_DIR: 'off',
      MARKET_FEED: 'simulated',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => { log += d; if (process.env.BENCH_DEBUG) process.stderr.write(d); });
  cleanups.unshift(
    () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', resolve);
        server.kill('SIGINT');
      }),
  );
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the API exited:\n${log}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > 120_000) throw new Error(`the API is not up after 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`API on ${port} up (first start with the simulated history) in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${rssMb(server.pid).toFixed(0)} MB`);
  return { server, port, base };
}

/** PostgreSQL connections that process `pid` holds open now (ss: established TCP connections to the server's port). */
function pgConnections(pid, databaseUrl) {
  const port = new URL(databaseUrl).port || '5432';
  const out = spawnSync('ss', ['-tnpH', 'state', 'established', `( dport = :${port} )`], { encoding: 'utf8' }).stdout ?? '';
  return out.split('\n').filter((line) => line.includes(`pid=${pid},`)).length;
}

function load() {
  return `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`;
}

async function main() {
  const cleanups = [];
  let failed = false;
  try {
    if (CLUSTER && !nginxInstalled()) throw new Error('--cluster needs Debian\'s nginx (apt-get install -y nginx)');
    console.log(`before: ${load()}`);
    const databaseUrl = await benchDatabase('bench_stream', cleanups);
    const servers = [];
    // One after the other: the first applies the migrations and writes the simulated history.
    for (let i = 0; i < REPLICAS; i++) servers.push(await startServer(databaseUrl, cleanups, CLUSTER ? { TRUST_PROXY: 'true' } : {}));
    let base = servers[0].base;
    if (CLUSTER) {
      const dir = mkdtempSync(join(tmpdir(), 'mirrorline-bench-nginx-'));
      const port = await freePort();
      const { command, args } = writeLocalNginx(dir, { port, upstreams: servers.map((s) => `127.0.0.1:${s.port}`), workerConnections: CLIENTS * 2 + 1024, workerProcesses: 'auto' });
      const nginx = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
      cleanups.unshift(async () => {
        nginx.kill('SIGTERM');
        rmSync(dir, { recursive: true, force: true });
      });
      base = `http://127.0.0.1:${port}`;
      for (const until = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 100))) {
        if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
        if (Date.now() > until) throw new Error('nginx did not answer within 10 s');
      }
      console.log(`nginx (deploy/nginx.conf) on ${port} in front of ${servers.map((s) => s.port).join(', ')}`);
    }
    const rssAll = () => servers.map((s) => rssMb(s.server.pid));

    const counts = Array.from({ length: WORKERS }, (_, i) => Math.floor(CLIENTS / WORKERS) + (i < CLIENTS % WORKERS ? 1 : 0));
    const workers = counts.map((count, i) => {
      const first = counts.slice(0, i).reduce((sum, n) => sum + n, 0);
      return new Worker(new URL(import.meta.url), { workerData: { base, count, first } });
    });
    const ask = (worker, message) =>
      new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage(message);
      });
    const opened = await Promise.all(workers.map((w) => ask(w, 'open')));
    const split = {};
    for (const o of opened) for (const [upstream, n] of Object.entries(o.upstreams)) split[upstream] = (split[upstream] ?? 0) + n;
    const retried = opened.reduce((sum, o) => sum + o.retried, 0);
    console.log(
      `${CLIENTS} SSE clients (${WORKERS} client threads) connected to market/stream (every symbol)${retried ? ` (${retried} connection(s) answered 503 first, retried)` : ''}` +
        `${CLUSTER ? ` through nginx: ${Object.entries(split).map(([u, n]) => `${n} on ${u}`).join(', ')}` : ''}; RSS ${rssAll().map((r) => `${r.toFixed(0)} MB`).join(' + ')}`,
    );
    // Warm-up, not measured: the snapshots sent on connect, and the first seconds after the first start
    // (PostgreSQL analyses the freshly written history then).
    await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
    for (const w of workers) w.postMessage('measure');
    let peakRss = servers.map(() => 0);
    const sampler = setInterval(() => (peakRss = rssAll().map((r, i) => Math.max(peakRss[i], r))), 500);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    clearInterval(sampler);
    const rss = rssAll();
    const loadDuring = load();
    const connections = servers.map((s) => pgConnections(s.server.pid, databaseUrl));
    const results = await Promise.all(workers.map((w) => ask(w, 'stop')));
    await Promise.all(workers.map((w) => w.terminate()));
    const latencies = results.flatMap((r) => r.latencies);
    const perSecond = new Map();
    for (const r of results) for (const [second, ms] of Object.entries(r.perSecond)) perSecond.set(second, Math.max(perSecond.get(second) ?? 0, ms));
    const events = latencies.length;

    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `quote stored → event received over ${SECONDS} s: ${events} events (${(events / SECONDS).toFixed(0)}/s to ${CLIENTS} clients); ` +
        `p50 ${p50} ms, p99 ${p99} ms, max ${latencies[latencies.length - 1]} ms`,
    );
    const slowTicks = [...perSecond.values()].filter((ms) => ms > TARGET_P99_MS).length;
    console.log(`ticks whose slowest event took > ${TARGET_P99_MS} ms: ${slowTicks} of ${perSecond.size}`);
    console.log(`server RSS${REPLICAS > 1 ? ' per replica' : ''}: ${rss.map((r) => r.toFixed(0)).join(' + ')} MB now, ${peakRss.map((r) => r.toFixed(0)).join(' + ')} MB peak while streaming`);
    console.log(`PostgreSQL connections held${REPLICAS > 1 ? ' per replica' : ''} while streaming: ${connections.join(' + ')}`);
    console.log(`at the end of the measurement: ${loadDuring}`);
    const met = events > 0 && p99 <= TARGET_P99_MS;
    console.log(`target: p99 ≤ ${TARGET_P99_MS} ms → ${met ? 'met' : 'MISSED'}`);
    if (!met) failed = true;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((e) => console.error(`cleanup: ${e.message}`));
  }
  process.exit(failed ? 1 : 0);
}

