// Quote-to-browser bench (product.md §9.7): one API instance with the simulated market (a tick a second
// for every open instrument) and BENCH_CLIENTS (1,000) Server-Sent-Events clients on market/stream, each
// subscribed to every symbol. Measures, for every event received, the time from the quote's time (taken
// just before it is stored) to the event's arrival; prints p50 / p99 / max, the events a second, and the
// server's RSS. Target: p99 ≤ 100 ms. Exits 1 on a miss. It is a measurement, not a test.
//
//   node bench/stream/run.mjs                    (npm run bench:stream)
//   BENCH_CLIENTS=1000 BENCH_SECONDS=20 DATABASE_URL=postgres://… node bench/stream/run.mjs
//
// The API runs as a child process (the compiled dist/, rebuilt when stale), so its RSS is its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiIsStale, buildApi, root } from '../../scripts/build-lib.mjs';
import { benchDatabase, freePort } from '../lib.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TARGET_P99_MS = 100;

if (apiIsStale()) buildApi();

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const cleanups = [];
  let failed = false;
  try {
    const databaseUrl = await benchDatabase('bench_stream', cleanups);
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
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    server.stdout.on('data', (d) => (log += d));
    server.stderr.on('data', (d) => (log += d));
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
    console.log(`API up (first start with the simulated history) in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${rssMb(server.pid).toFixed(0)} MB`);

    const latencies = [];
    let measuring = false;
    let events = 0;
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const requests = [];
    const open = () =>
      new Promise((resolve, reject) => {
        const req = http.get(`${base}/api/market/stream`, { agent, headers: { Accept: 'text/event-stream' } }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk) => {
            const now = Date.now();
            buffer += chunk;
            let index;
            while ((index = buffer.indexOf('\n\n')) >= 0) {
              const frame = buffer.slice(0, index);
              buffer = buffer.slice(index + 2);
              if (!measuring) continue;
              const at = frame.indexOf('"time":"');
              if (at < 0) continue;
              const time = Date.parse(frame.slice(at + 8, at + 32));
              latencies.push(now - time);
              events++;
            }
          });
          resolve();
        });
        req.on('error', reject);
        requests.push(req);
      });
    for (let i = 0; i < CLIENTS; i += 100) await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, open));
    console.log(`${CLIENTS} SSE clients connected to market/stream (every symbol); RSS ${rssMb(server.pid).toFixed(0)} MB`);
    await new Promise((r) => setTimeout(r, 2000)); // the snapshots are not measured
    measuring = true;
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 500);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    measuring = false;
    clearInterval(sampler);
    const rss = rssMb(server.pid);
    for (const req of requests) req.destroy();

    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `quote stored → event received over ${SECONDS} s: ${events} events (${(events / SECONDS).toFixed(0)}/s to ${CLIENTS} clients); ` +
        `p50 ${p50} ms, p99 ${p99} ms, max ${latencies[latencies.length - 1]} ms`,
    );
    console.log(`server RSS: ${rss.toFixed(0)} MB now, ${peakRss.toFixed(0)} MB peak while streaming`);
    const met = events > 0 && p99 <= TARGET_P99_MS;
    console.log(`target: p99 ≤ ${TARGET_P99_MS} ms → ${met ? 'met' : 'MISSED'}`);
    if (!met) failed = true;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((e) => console.error(`cleanup: ${e.message}`));
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
