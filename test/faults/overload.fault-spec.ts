import { randomUUID } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect as netConnect } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import type { TestUser } from '../support/users';
import {
  alive,
  bound,
  call,
  connect,
  embeddedUrl,
  ledgerCheck,
  postgresPids,
  postmasterOf,
  requireBuild,
  running,
  settle,
  signalAll,
  sleep,
  SOUND_LEDGER,
  startApi,
  stopApi,
  summary,
  tempDir,
  userFactory,
  type ApiProcess,
  type Outcome,
} from './support/api-process';

/** DB_STATEMENT_TIMEOUT_MS of these instances, and the bound of product.md §11.5: statement timeout + 2 s. */
const STATEMENT_TIMEOUT_MS = 3_000;
const BOUND_MS = STATEMENT_TIMEOUT_MS + 2_000;
/** What a busy, shared 2-core host may add to a bound (the tier must pass on a machine three times slower). */
const MARGIN_MS = 5_000;
/** Admission control's limit for these instances (the default, 8 per request connection, is unit-tested). */
const MAX_IN_FLIGHT = 32;
/**
 * The headers bound of product.md §11.5, set for these instances (HTTP_HEADERS_TIMEOUT_MS): its default, 20 s, is
 * load-config.spec.ts's; the same code closes a slow client at either (server-timeouts.spec.ts at 200 ms), and 8 s
 * here takes 12 s off this file's run.
 */
const HEADERS_TIMEOUT_MS = 8_000;

/** The deposits' access lines (LOG_LEVEL=info): status and how long the server held the request, in ms. */
function depositTimes(log: string): Array<{ status: number; ms: number }> {
  return log
    .split('\n')
    .filter((line) => line.includes('"url":"/api/wallet/deposit"') && line.includes('"responseTime"'))
    .map((line) => JSON.parse(line) as { res: { statusCode: number }; responseTime: number })
    .map((entry) => ({ status: entry.res.statusCode, ms: entry.responseTime }));
}

const p99 = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] : -1);

/**
 * The fault tier, issue 27: the built server (`npm start`'s main.js, embedded PostgreSQL) under a frozen
 * database with requests in flight, an overload burst, slow clients, an unusable upload folder, a drain with
 * idle keep-alive connections, and a terminal's Ctrl-C (SIGINT to the whole process group). The only times
 * asserted are the documented bounds (statement timeout + 2 s, headers 20 s), each with a generous margin.
 */
describe('faults: frozen database in flight, overload, slow clients, bad upload folder, keep-alive drain, Ctrl-C', () => {
  let dataDir: string;
  let port: number;
  let pgPort: number;
  let api: ApiProcess | undefined;
  let db: Awaited<ReturnType<typeof connect>>;
  let newUser: ReturnType<typeof userFactory>;
  const report: string[] = [];

  const start = async (env: Record<string, string> = {}) => {
    api = startApi({
      port,
      dataDir,
      embeddedPgPort: pgPort,
      env: { DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS), HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), UPLOAD_DIR: join(dataDir, 'uploads'), ...env },
    });
    const ms = await api.waitHealthy();
    db = await connect(embeddedUrl(dataDir, pgPort));
    return ms;
  };
  const deposit = (user: TestUser, key = randomUUID()) =>
    call(api!.base, 'POST', '/api/wallet/deposit', { body: { amount: '10.00' }, headers: { Authorization: user.bearer, 'Idempotency-Key': key } });

  beforeAll(async () => {
    requireBuild();
    dataDir = tempDir('mirrorline-overload-');
    port = await freePort();
    pgPort = await freePort();
    // A small MAX_IN_FLIGHT, so that the burst below exceeds it however slowly a loaded host accepts connections
    // (at load 19 the default, 160, was never reached: the process took the 400 connections in one by one).
    // Production's fail-fast bounds (the faults' defaults turn them off): the acquire timeout and load shedding.
    // LOG_LEVEL=info: the access log's responseTime is how long the server held each request (below).
    const ms = await start({ MAX_IN_FLIGHT: String(MAX_IN_FLIGHT), DB_ACQUIRE_TIMEOUT_MS: '2000', DB_QUEUE_SHED_MS: '250', LOG_LEVEL: 'info' });
    report.push(`start: healthy in ${ms} ms (DB_STATEMENT_TIMEOUT_MS=${STATEMENT_TIMEOUT_MS}: bound ${BOUND_MS} ms; MAX_IN_FLIGHT=${MAX_IN_FLIGHT})`);
    newUser = userFactory(() => db.sql);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stopApi(api);
    process.stdout.write(`\nOverload fault report\n${report.map((line) => `  ${line}`).join('\n')}\n`);
  }, 60_000);

  it('an unusable UPLOAD_DIR stops the start with one line, before PostgreSQL starts', async () => {
    const dir = tempDir('mirrorline-bad-uploads-');
    const blocked = join(dir, 'uploads');
    writeFileSync(blocked, 'a file where the folder should be');
    const bad = startApi({ port: await freePort(), dataDir: dir, embeddedPgPort: await freePort(), env: { UPLOAD_DIR: blocked } });
    const exit = await bad.exited;
    const lines = bad.output().trim().split('\n');
    report.push(`UPLOAD_DIR is a file: exit ${exit.code}, "${lines.at(-1)}"`);
    expect(exit.code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: UPLOAD_DIR \(.*uploads\) is not usable: .*uploads.*\((ENOTDIR|EEXIST)\)\. Make it writable/);
    expect(postmasterOf(dir)).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('UPLOAD_DIR unusable while running: health says so, an upload answers 503 with Retry-After, the process stays up', async () => {
    const user = await newUser({ kyc: 'Unverified' });
    const uploads = join(dataDir, 'uploads');
    // As root no mode bit stops a write: a file in place of the folder is what an unwritable volume looks like.
    renameSync(uploads, `${uploads}.moved`);
    writeFileSync(uploads, 'not a folder');
    const png = new Blob([Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024, 1)])], { type: 'image/png' });
    const form = () => {
      const f = new FormData();
      f.set('documentType', 'passport');
      f.set('documentNumber', 'X123');
      for (const name of ['front', 'back', 'selfie']) f.set(name, png, `${name}.png`);
      return f;
    };
    try {
      // Health probes the folder once a second at most: the next probe finds it.
      let health = await call(api!.base, 'GET', '/api/health');
      for (const until = Date.now() + 30_000; Date.now() < until && health.status === 200; await sleep(200)) health = await call(api!.base, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body.message).toBe('Not ready: uploads down');
      expect(health.headers['retry-after']).toBeDefined();
      const upload = await fetch(`${api!.base}/api/user/requestKYC`, { method: 'POST', body: form(), headers: { Authorization: user.bearer } });
      const body = (await upload.json()) as { code: string };
      report.push(`UPLOAD_DIR replaced by a file while running: health 503 "${health.body.message}", KYC upload ${upload.status} ${body.code} (Retry-After ${upload.headers.get('retry-after')})`);
      expect(upload.status).toBe(503);
      expect(body.code).toBe('STORAGE_UNAVAILABLE');
      expect(upload.headers.get('retry-after')).toBe('30');
      expect(alive(api!.pid)).toBe(true);
      // The log is buffered (flushed every moment): the line names the folder.
      for (const until = Date.now() + 10_000; Date.now() < until && !/UPLOAD_DIR is not usable/.test(api!.output()); ) await sleep(100);
      expect(api!.output()).toMatch(/UPLOAD_DIR is not usable: .*uploads/);
    } finally {
      rmSync(uploads, { force: true });
      renameSync(`${uploads}.moved`, uploads);
    }
    // Fixed: health and uploads work again, without a restart (health probes the folder once a second at most).
    let healthy = 0;
    for (const until = Date.now() + 30_000; Date.now() < until && healthy !== 200; await sleep(200)) healthy = (await call(api!.base, 'GET', '/api/health')).status;
    expect(healthy).toBe(200);
    const again = await fetch(`${api!.base}/api/user/requestKYC`, { method: 'POST', body: form(), headers: { Authorization: user.bearer } });
    expect(again.status).toBe(201);
  }, 60_000);

  it('overload burst: past MAX_IN_FLIGHT requests answer 503 + Retry-After at once, accepted ones stay bounded, health and workers unaffected', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 20; i++) users.push(await newUser({ kyc: 'Verified' }));
    const logBefore = api!.output().length;
    const began = Date.now();
    const burst: Promise<Outcome>[] = [];
    for (let i = 0; i < 400; i++) burst.push(settle(0, deposit(users[i % users.length])));
    const health: Outcome[] = [];
    const probing = (async () => {
      for (let i = 0; i < 10; i++) {
        health.push(await settle(Date.now() - began, call(api!.base, 'GET', '/api/health')));
        await sleep(100);
      }
    })();
    const outcomes = await Promise.all(burst);
    await probing;
    const accepted = outcomes.filter((o) => o.result?.status === 201);
    const shed = outcomes.filter((o) => o.result?.status === 503);
    const busy = shed.filter((o) => /busy/.test(o.result!.body.message));
    // How long the server held each deposit, from its access log (the log is flushed within moments).
    let held = depositTimes(api!.output().slice(logBefore));
    for (const until = Date.now() + 30_000; Date.now() < until && held.length < outcomes.length; await sleep(100)) held = depositTimes(api!.output().slice(logBefore));
    const log = api!.output().slice(logBefore);
    const heldMs = (status: number) => held.filter((h) => h.status === status).map((h) => h.ms);
    report.push(
      `overload: 400 deposits at once → ${summary(outcomes)} (${busy.length} turned away by admission control, p99 ${p99(busy.map((o) => o.result!.ms))} ms; ` +
        `${shed.length - busy.length} after waiting for a connection); accepted p99 ${p99(accepted.map((o) => o.result!.ms))} ms as the client saw it; ` +
        `held by the server: accepted max ${Math.max(-1, ...heldMs(201))} ms, 503s max ${Math.max(-1, ...heldMs(503))} ms; health during the burst ${summary(health)}`,
    );
    expect(outcomes.filter((o) => o.error || ![201, 503].includes(o.result!.status))).toEqual([]);
    expect(shed.length).toBeGreaterThan(0);
    expect(accepted.length).toBeGreaterThan(0);
    for (const o of shed) {
      expect(o.result!.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(o.result!.headers['retry-after']).toBeDefined();
    }
    // The bound is the server's: how long it holds a request once it has it (its access log's responseTime). The
    // client's own figures also count the time 400 connections queue in the kernel and in this Jest process before
    // the server reads them, which grows with how busy the host is (25.8 s on CI's 2 cores with the lanes side by
    // side), not with what the server does. Turned away before any work: far inside the bound; accepted: within it.
    expect(held.map((h) => h.status).sort()).toEqual(outcomes.map((o) => o.result!.status).sort());
    expect(Math.max(...heldMs(503))).toBeLessThan(BOUND_MS + MARGIN_MS);
    expect(Math.max(...heldMs(201))).toBeLessThan(BOUND_MS + MARGIN_MS);
    expect(health.filter((o) => o.result?.status !== 200)).toEqual([]);
    // The workers kept their connections: none of them timed out waiting for one.
    expect(log).not.toMatch(/Knex: Timeout acquiring a connection/);
    const ledger = await ledgerCheck(db.sql);
    expect(ledger).toEqual(SOUND_LEDGER);
  }, 120_000);

  it(`slow clients are closed after the headers timeout (${HEADERS_TIMEOUT_MS / 1000} s), and others are served meanwhile`, async () => {
    const opened = Date.now();
    const sockets = Array.from({ length: 50 }, () => {
      const socket = netConnect(port, '127.0.0.1', () => socket.write('POST /api/wallet/deposit HTTP/1.1\r\nHost: localhost\r\n'));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      return new Promise<{ ms: number; status: string }>((resolve) => socket.once('close', () => resolve({ ms: Date.now() - opened, status: answer.split('\r\n')[0] })));
    });
    const meanwhile = await call(api!.base, 'GET', '/api/health');
    expect(meanwhile.status).toBe(200);
    const closed = await Promise.all(sockets);
    const slowest = Math.max(...closed.map((c) => c.ms));
    report.push(`50 slow sockets (headers never finished): all closed, the last after ${slowest} ms (${closed[0].status}); a health read meanwhile ${meanwhile.status}`);
    for (const c of closed) expect(c.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(slowest).toBeLessThan(HEADERS_TIMEOUT_MS + MARGIN_MS * 2);
    // and not before it: a timer never fires early (50 ms for the clocks' rounding)
    expect(Math.min(...closed.map((c) => c.ms))).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
  }, 90_000);

  it('PostgreSQL frozen with requests in flight: each answers within the statement timeout + 2 s (503 + Retry-After), then it recovers', async () => {
    const user = await newUser({ kyc: 'Verified' });
    await db.end();
    await sleep(100);
    const pids = postgresPids(join(dataDir, 'pgdata'));
    const frozenAt = Date.now();
    signalAll(pids, 'SIGSTOP');
    const during: Promise<Outcome>[] = [];
    let outcomes: Outcome[] = [];
    try {
      // The first ones are admitted before the monitor trips (2–5 s): they are in flight on a frozen database.
      while (Date.now() - frozenAt < 12_000) {
        during.push(settle(Date.now() - frozenAt, deposit(user)));
        await sleep(100);
      }
      outcomes = (await Promise.race([Promise.all(during), bound(BOUND_MS + MARGIN_MS).then(() => null)])) ?? [];
    } finally {
      signalAll(pids, 'SIGCONT');
    }
    const thawedAt = Date.now();
    let recoveredMs = -1;
    while (Date.now() - thawedAt < 30_000) {
      const r = await deposit(user).catch(() => null);
      if (r?.status === 201) {
        recoveredMs = Date.now() - thawedAt;
        break;
      }
      await sleep(100);
    }
    db = await connect(embeddedUrl(dataDir, pgPort));
    const inFlight = outcomes.filter((o) => o.result?.status === 503 && o.result.ms >= 1_000);
    const slowest = Math.max(-1, ...outcomes.map((o) => o.result?.ms ?? -1));
    const ledger = await ledgerCheck(db.sql);
    report.push(
      `PostgreSQL frozen 12 s, a deposit every 100 ms: ${summary(outcomes)}; ${inFlight.length} were in flight when it froze or tripped ` +
        `and answered 503 in ${inFlight.length ? Math.min(...inFlight.map((o) => o.result!.ms)) : '-'}–${slowest} ms (bound ${BOUND_MS} ms); recovered ${recoveredMs} ms after SIGCONT; ledger ${JSON.stringify(ledger)}`,
    );
    // Every request sent during the freeze was answered while it was still frozen, within the bound.
    expect(outcomes).toHaveLength(during.length);
    expect(outcomes.filter((o) => o.error || ![201, 503].includes(o.result!.status))).toEqual([]);
    expect(slowest).toBeLessThan(BOUND_MS + MARGIN_MS);
    expect(inFlight.length).toBeGreaterThan(0);
    for (const o of outcomes.filter((x) => x.result?.status === 503)) expect(o.result!.headers['retry-after']).toBeDefined();
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(ledger).toEqual(SOUND_LEDGER);
  }, 120_000);

  it('SIGTERM closes idle keep-alive connections first, while it still accepts: their next request is served, none is reset', async () => {
    const user = await newUser({ kyc: 'Verified' });
    const agents = Array.from({ length: 10 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const viaAgent = (agent: Agent) =>
      new Promise<{ status: number; closed: Promise<number> }>((resolve, reject) => {
        const req = httpRequest(`${api!.base}/api/wallet`, { agent, headers: { Authorization: user.bearer } }, (res) => {
          res.resume();
          const socket = req.socket!;
          const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, closed }));
        });
        req.on('error', reject).end();
      });
    const idle = await Promise.all(agents.map(viaAgent));
    expect(idle.every((r) => r.status === 200)).toBe(true);
    // A request in flight through the drain: its body arrives only once the idle connections are gone.
    const login = JSON.stringify({ email: user.email, password: 'wrong password 1234' });
    let slowAnsweredAt = 0;
    let slowStatus = 0;
    const slowRequest = httpRequest(`${api!.base}/api/auth/login`, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(login) },
    });
    const slow = new Promise<void>((resolve, reject) => {
      slowRequest.on('response', (res) => {
        res.resume();
        res.on('end', () => {
          slowAnsweredAt = Date.now();
          slowStatus = res.statusCode ?? 0;
          resolve();
        });
      });
      slowRequest.on('error', reject);
    });
    slowRequest.write(login.slice(0, 5));
    await sleep(300); // the slow request's headers have been read: it is in flight
    await db.end();
    const signalledAt = Date.now();
    process.kill(api!.pid, 'SIGTERM');
    const closedAt = await Promise.all(idle.map((r) => r.closed));
    // The idle connections are closed while the listener still accepts: the next request reconnects and is served.
    const next = await Promise.all(agents.map((agent) => settle(Date.now() - signalledAt, viaAgent(agent).then((r) => ({ status: r.status, ms: 0, body: null, headers: {} })))));
    slowRequest.end(login.slice(5));
    await slow;
    const exit = await api!.exited;
    for (const agent of agents) agent.destroy();
    report.push(
      `keep-alive drain: 10 idle connections closed ${Math.max(...closedAt) - signalledAt} ms after SIGTERM, before the request in flight was answered ` +
        `(${slowAnsweredAt - signalledAt} ms, ${slowStatus}); their next requests → ${summary(next)}; exit ${exit.code}`,
    );
    expect(Math.max(...closedAt)).toBeLessThan(slowAnsweredAt);
    expect(next.filter((o) => o.error === 'ECONNRESET' || o.error === 'EPIPE' || (o.error && /hang up/.test(o.error)))).toEqual([]);
    // Served, or refused on a new connection once the listener has stopped (never sent: safe to retry elsewhere).
    expect(next.filter((o) => (o.result && o.result.status !== 200) || (o.error && o.error !== 'ECONNREFUSED'))).toEqual([]);
    expect(slowStatus).toBe(401);
    expect(exit).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('Ctrl-C (SIGINT to the whole process group) with requests in flight: they finish, PostgreSQL stops last, nothing is left running', async () => {
    await start(); // the default MAX_IN_FLIGHT: 40 requests are not an overload
    const users: TestUser[] = [];
    for (let i = 0; i < 10; i++) users.push(await newUser({ kyc: 'Verified' }));
    const postmaster = postmasterOf(dataDir);
    expect(postmaster).not.toBeNull();
    await db.end();
    const logBefore = api!.output().length;
    const began = Date.now();
    const burst: Promise<Outcome>[] = [];
    let signalAt = Infinity;
    for (let i = 0; i < 40; i++) {
      burst.push(settle(Date.now() - began, deposit(users[i % users.length])));
      if (i === 20) {
        await sleep(20);
        process.kill(-api!.pid, 'SIGINT'); // what a terminal sends on Ctrl-C: the whole foreground group
        signalAt = Date.now() - began;
      }
    }
    const outcomes = await Promise.all(burst);
    const exit = await api!.exited;
    const log = api!.output().slice(logBefore);
    const sentBefore = outcomes.filter((o) => o.at < signalAt);
    report.push(`Ctrl-C (SIGINT to the process group) during 40 deposits: ${sentBefore.length} sent before → ${summary(sentBefore)}; after → ${summary(outcomes.filter((o) => o.at >= signalAt))}; exit ${exit.code}; postmaster ${running(postmaster!) ? 'STILL RUNNING' : 'stopped'}`);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(log).toMatch(/Received SIGINT: draining/);
    // PostgreSQL did not get the SIGINT: no request saw it go, no "database unavailable" while draining.
    expect(outcomes.filter((o) => o.result && o.result.status >= 500)).toEqual([]);
    expect(sentBefore.filter((o) => !o.result)).toEqual([]);
    expect(log).not.toMatch(/Database unavailable|terminating connection due to administrator command/);
    for (const o of outcomes.filter((x) => x.error)) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(o.error);
    // Stopped by the API, last, and gone with it.
    expect(running(postmaster!)).toBe(false);
    expect(postmasterOf(dataDir)).toBeNull();
  }, 120_000);
});
