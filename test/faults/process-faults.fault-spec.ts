import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { freePort } from '../support/free-port';
import { totpCode, type TestUser } from '../support/users';
import {
  ADMIN,
  alive,
  call,
  connect,
  embeddedUrl,
  killGroup,
  ledgerCheck,
  postgresPids,
  requireBuild,
  running,
  sleep,
  SOUND_LEDGER,
  startApi,
  stopApi,
  tempDir,
  userFactory,
  type ApiProcess,
  type CallResult,
} from './support/api-process';

/**
 * The fault tier: the built server (`npm start`'s main.js, embedded PostgreSQL) really killed, signalled
 * and starved of its database, as an operator would see it. Each fault prints what the client saw and how
 * long recovery took, and ends with the ledger check (Σ entries = 0, every transaction balanced, cached
 * balances = Σ entries, no user account below zero).
 */
describe('faults: kill -9, SIGTERM, a frozen and a killed PostgreSQL (real processes)', () => {
  let dataDir: string;
  let port: number;
  let pgPort: number;
  let api: ApiProcess | undefined;
  let db: Awaited<ReturnType<typeof connect>>;
  let adminBearer: string;
  let newUser: ReturnType<typeof userFactory>;
  const report: string[] = [];

  /** `at`: when the spec sent it (ms since the burst began); `connectedAt`: when its connection was established (epoch ms). */
  type Outcome = { label: string; at: number; connectedAt?: number; result?: CallResult; error?: string; ended?: number };
  const settle = (label: string, at: number, p: Promise<CallResult>): Promise<Outcome> =>
    p.then(
      (result) => ({ label, at, connectedAt: result.connectedAt, result }),
      (error: NodeJS.ErrnoException & { connectedAt?: number }) => ({ label, at, connectedAt: error.connectedAt, error: error.code ?? error.message, ended: Date.now() }),
    );
  const summary = (outcomes: Outcome[]) => {
    const counts = new Map<string, number>();
    for (const o of outcomes) {
      const key = o.result ? String(o.result.status) : o.error!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts.entries()].sort().map(([k, n]) => `${k}×${n}`).join(' ');
  };

  const start = async () => {
    api = startApi({ port, dataDir, embeddedPgPort: pgPort });
    const ms = await api.waitHealthy();
    db = await connect(embeddedUrl(dataDir, pgPort));
    return ms;
  };
  const asUser = (user: TestUser) => ({ Authorization: user.bearer });
  const deposit = (user: TestUser, key: string, base = api!.base) =>
    call(base, 'POST', '/api/wallet/deposit', { body: { amount: '10.00' }, headers: { ...asUser(user), 'Idempotency-Key': key } });
  const depositsOf = async (keys: string[]) =>
    Number((await db.sql<{ n: string }>(`SELECT count(*) AS n FROM idempotency_keys WHERE key = ANY(?::text[]) AND response IS NOT NULL`, [keys]))[0].n);

  beforeAll(async () => {
    requireBuild();
    dataDir = tempDir('mirrorline-faults-');
    port = await freePort();
    pgPort = await freePort();
    const ms = await start();
    report.push(`first start (initdb, migrations): healthy in ${ms} ms`);
    newUser = userFactory(() => db.sql);
    const login = await call(api!.base, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status).toBe(200);
    // Admins must have 2FA (product.md §10): the bootstrap admin enrols, and enabling hands back a full token.
    const enrol = { Authorization: `Bearer ${login.body.accessToken}` };
    const setup = await call(api!.base, 'POST', '/api/auth/mfa/setup', { headers: enrol });
    expect(setup.status).toBe(200);
    const enabled = await call(api!.base, 'POST', '/api/auth/mfa/enable', { body: { code: totpCode(setup.body.secret) }, headers: enrol });
    expect(enabled.status).toBe(200);
    adminBearer = `Bearer ${enabled.body.accessToken}`;
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stopApi(api);
    process.stdout.write(`\nFault tier report\n${report.map((line) => `  ${line}`).join('\n')}\n`);
  }, 60_000);

  it('SIGTERM during a burst: every request in flight completes (no 5xx), exit 0, no claimed key, no login failure', async () => {
    const password = 'the right password 123';
    const passwordHash = await hash(password);
    const loginUsers: TestUser[] = [];
    for (let i = 0; i < 20; i++) loginUsers.push(await newUser({ kyc: 'Verified', passwordHash }));
    const depositors: TestUser[] = [];
    for (let i = 0; i < 10; i++) depositors.push(await newUser({ kyc: 'Verified' }));
    const keyed: Array<{ key: string; user: TestUser }> = [];
    const began = Date.now();
    let signalAt = Infinity;
    const burst: Promise<Outcome>[] = [];
    for (let i = 0; i < 80; i++) {
      const at = Date.now() - began;
      if (i % 4 === 0) burst.push(settle('login', at, call(api!.base, 'POST', '/api/auth/login', { body: { email: loginUsers[i / 4].email, password } })));
      else if (i % 4 === 1) burst.push(settle('wallet', at, call(api!.base, 'GET', '/api/wallet', { headers: asUser(depositors[i % 10]) })));
      else {
        const key = randomUUID();
        keyed.push({ key, user: depositors[i % 10] });
        burst.push(settle('deposit', at, deposit(depositors[i % 10], key)));
      }
      if (i === 40) {
        await sleep(20);
        process.kill(api!.pid, 'SIGTERM');
        signalAt = Date.now() - began;
      }
    }
    const signalledAt = began + signalAt;
    const outcomes = await Promise.all(burst);
    const exit = await api!.exited;
    const exitMs = Date.now() - signalledAt;
    await db.end();

    expect(exit).toEqual({ code: 0, signal: null });
    expect(api!.output()).toMatch(/Received SIGTERM: draining/);
    const answered = outcomes.filter((o) => o.result);
    expect(answered.filter((o) => o.result!.status >= 500)).toEqual([]);
    // No request the server had read was cut: the drain waited for every one of them (none left running at the end
    // of SHUTDOWN_GRACE_MS). From the client's side "sent before the signal" cannot tell whether the server read it:
    // on a busy machine a connection this process opened before the signal can still sit in the kernel's accept
    // queue when the listener closes, 1 s after the signal, and is reset (seen at a load average of 14: 15 of 80).
    // Such a request was never read, so it did nothing: the keys and the login failures below prove it.
    expect(api!.output()).toMatch(/Stopped accepting connections; \d+ request\(s\) in flight/);
    expect(api!.output()).not.toMatch(/still running after SHUTDOWN_GRACE_MS/);
    expect(answered.length).toBeGreaterThan(0);
    // Not answered = never read: refused once the listener closed, or reset while still in the kernel's queue when
    // it closed (nothing read, nothing done: the retries below prove it).
    for (const o of outcomes.filter((x) => x.error)) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(o.error);
    const afterSignal = outcomes.filter((o) => o.at >= signalAt);

    const restartMs = await start();
    // Nothing interrupted: no key was left claimed without an outcome, no sign-in recorded as a failure.
    expect(await db.sql('SELECT key FROM idempotency_keys WHERE response IS NULL')).toEqual([]);
    expect(await db.sql('SELECT 1 FROM login_failures WHERE email = ANY(?::text[])', [loginUsers.map((u) => u.email.toLowerCase())])).toEqual([]);
    expect(outcomes.filter((o) => o.label === 'login' && o.result && o.result.status !== 200)).toEqual([]);
    const okDeposits = outcomes.filter((o) => o.label === 'deposit' && o.result?.status === 201).length;
    const keys = keyed.map((k) => k.key);
    expect(await depositsOf(keys)).toBe(okDeposits);
    // A client retries what was not answered, with the same key: one effect per key in the end.
    const retried = await Promise.all(keyed.map(({ key, user }) => deposit(user, key)));
    expect(retried.every((r) => r.status === 201)).toBe(true);
    const [{ n }] = await db.sql<{ n: string }>(
      "SELECT count(*) AS n FROM wallet_transactions WHERE user_id = ANY(?::uuid[]) AND type = 'deposit'",
      [depositors.map((d) => d.id)],
    );
    expect(Number(n)).toBe(keys.length);
    const ledger = await ledgerCheck(db.sql);
    expect(ledger).toEqual(SOUND_LEDGER);
    report.push(
      `SIGTERM during a burst of ${outcomes.length}: ${outcomes.length - afterSignal.length} sent before the signal → ${summary(outcomes.filter((o) => o.at < signalAt))}; ` +
        `${afterSignal.length} sent after it → ${summary(afterSignal)}; ` +
        `${outcomes.filter((o) => o.error && o.connectedAt !== undefined && o.connectedAt < signalledAt).length} connected before the signal and not read; exit code ${exit.code} ${exitMs} ms after the signal; ` +
        `restart healthy in ${restartMs} ms; retried keys → ${keys.length} deposits for ${keys.length} keys; claimed keys left 0; login failures 0; ledger ${JSON.stringify(ledger)}`,
    );
  }, 180_000);

  it('kill -9 of the API mid-burst, then npm start: the orphaned PostgreSQL is stopped, healthy, data intact', async () => {
    const user = await newUser({ kyc: 'Verified' });
    const before = Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM wallet_transactions'))[0].n);
    const keys = Array.from({ length: 30 }, () => randomUUID());
    const burst = keys.map((key) => settle('deposit', 0, deposit(user, key)));
    await sleep(250);
    process.kill(api!.pid, 'SIGKILL');
    const outcomes = await Promise.all(burst);
    await api!.exited;
    await db.end();
    const pgdata = join(dataDir, 'pgdata');
    expect(alive(postgresPids(pgdata)[0])).toBe(true); // the orphan keeps its port

    const restartMs = await start();
    expect(api!.output()).toMatch(/was left running from .* by a previous process: stopped it/);
    const answered = outcomes.filter((o) => o.result?.status === 201).length;
    expect(outcomes.filter((o) => o.result && o.result.status >= 500)).toEqual([]);
    const after = Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM wallet_transactions'))[0].n);
    // Every answered deposit is there; unanswered ones either committed or left nothing.
    expect(after - before).toBeGreaterThanOrEqual(answered);
    expect(after - before).toBeLessThanOrEqual(keys.length);
    const ledger = await ledgerCheck(db.sql);
    expect(ledger).toEqual(SOUND_LEDGER);
    report.push(
      `kill -9 of the API mid-burst of ${keys.length} deposits: ${summary(outcomes)}; orphaned postmaster stopped and ` +
        `restart healthy in ${restartMs} ms; ${after - before} deposits stored (${answered} answered); ledger ${JSON.stringify(ledger)}`,
    );
  }, 180_000);

  it('kill -9 of the whole process group (API and PostgreSQL, like a power cut), then npm start: healthy, data intact', async () => {
    const users = Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM users'))[0].n);
    const postings = Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM ledger_transactions'))[0].n);
    await db.end();
    killGroup(api, 'SIGKILL');
    await api!.exited;
    await sleep(200);
    const restartMs = await start();
    expect(Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM users'))[0].n)).toBe(users);
    expect(Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM ledger_transactions'))[0].n)).toBe(postings);
    const ledger = await ledgerCheck(db.sql);
    expect(ledger).toEqual(SOUND_LEDGER);
    report.push(`kill -9 of the process group: restart (PostgreSQL crash recovery) healthy in ${restartMs} ms; ${users} users and ${postings} postings intact; ledger ${JSON.stringify(ledger)}`);
  }, 180_000);

  it('PostgreSQL frozen (SIGSTOP): API requests get 503 with Retry-After fast, and succeed again after SIGCONT', async () => {
    const user = await newUser({ kyc: 'Verified' });
    await db.end();
    await sleep(100); // our own backend has gone
    const pids = postgresPids(join(dataDir, 'pgdata'));
    const signal = (sig: NodeJS.Signals) => {
      for (const pid of pids) {
        try {
          process.kill(pid, sig);
        } catch {
          /* a backend that has just ended */
        }
      }
    };
    signal('SIGSTOP');
    const frozenAt = Date.now();
    const during: Promise<Outcome>[] = [];
    try {
      while (Date.now() - frozenAt < 8_000) {
        during.push(settle('wallet', Date.now() - frozenAt, call(api!.base, 'GET', '/api/wallet', { headers: asUser(user) })));
        await sleep(250);
      }
    } finally {
      signal('SIGCONT');
    }
    const thawedAt = Date.now();
    let recoveredMs = -1;
    while (Date.now() - thawedAt < 30_000) {
      const r = await call(api!.base, 'GET', '/api/wallet', { headers: asUser(user) }).catch(() => null);
      if (r?.status === 200) {
        recoveredMs = Date.now() - thawedAt;
        break;
      }
      await sleep(100);
    }
    const outcomes = await Promise.all(during);
    db = await connect(embeddedUrl(dataDir, pgPort));
    const unavailable = outcomes.filter((o) => o.result?.status === 503);
    const fast = unavailable.filter((o) => o.result!.ms < 500);
    const firstFast = fast.length ? Math.min(...fast.map((o) => o.at)) : -1;
    const slowest503 = unavailable.length ? Math.max(...unavailable.map((o) => o.result!.ms)) : -1;
    const waited = outcomes.filter((o) => o.result?.status === 200);
    const ledger = await ledgerCheck(db.sql);
    report.push(
      `PostgreSQL frozen 8 s: ${summary(outcomes)}; first fast 503 sent ${firstFast} ms into the freeze, 503s answered in ≤ ${slowest503} ms ` +
        `(Retry-After: 5); ${waited.length} sent before the monitor tripped waited and got 200 after SIGCONT; recovered ${recoveredMs} ms after SIGCONT; ledger ${JSON.stringify(ledger)}`,
    );

    expect(outcomes.filter((o) => o.error || (o.result!.status !== 200 && o.result!.status !== 503))).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) {
      expect(o.result!.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(o.result!.headers['retry-after']).toBe('5');
    }
    expect(fast.length).toBeGreaterThan(0);
    expect(firstFast).toBeLessThan(7_000); // the monitor trips after two 1.5 s pings without an answer
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(recoveredMs).toBeLessThan(10_000); // the monitor's next good ping (1 s apart) reopens the gate
    expect(api!.output()).toMatch(/Database unavailable \(/);
    expect(ledger).toEqual(SOUND_LEDGER);
  }, 120_000);

  it('PostgreSQL killed (SIGKILL): 503 while it is down, supervised restart, then success without restarting the API', async () => {
    const user = await newUser({ kyc: 'Verified' });
    const postings = Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM ledger_transactions'))[0].n);
    const pids = postgresPids(join(dataDir, 'pgdata'));
    await db.end();
    const logBefore = api!.output().length;
    process.kill(pids[0], 'SIGKILL');
    const killedAt = Date.now();
    // The postmaster's backends notice its death and exit within moments. Until then one of the API's
    // pooled connections may still answer a read (PostgreSQL's own behaviour, seen once in CI as a 200
    // 14 ms after the kill), so the requests start once every old process is gone.
    while (pids.some(running) && Date.now() - killedAt < 5_000) await sleep(10);
    expect(pids.filter(running)).toEqual([]);
    const goneMs = Date.now() - killedAt;
    const seen: Outcome[] = [];
    let recoveredMs = -1;
    while (Date.now() - killedAt < 60_000) {
      const o = await settle('wallet', Date.now() - killedAt, call(api!.base, 'GET', '/api/wallet', { headers: asUser(user) }));
      seen.push(o);
      if (o.result?.status === 200) {
        recoveredMs = Date.now() - killedAt;
        break;
      }
      await sleep(200);
    }
    const unavailableLines = api!
      .output()
      .slice(logBefore)
      .split('\n')
      .filter((line) => /Database unavailable|Service unavailable/.test(line)).length;
    const slowest = Math.max(-1, ...seen.filter((o) => o.result?.status === 503).map((o) => o.result!.ms));
    if (process.env.FAULTS_DEBUG) process.stdout.write(`${api!.output()}\n`);
    report.push(`PostgreSQL killed (its backends gone ${goneMs} ms after): ${summary(seen)} (503s answered in ≤ ${slowest} ms), ${unavailableLines} warn lines; API answering 200 again ${recoveredMs} ms after the kill`);
    expect(seen.filter((o) => o.error || (o.result!.status !== 200 && o.result!.status !== 503))).toEqual([]);
    expect(seen.some((o) => o.result!.status === 503)).toBe(true);
    expect(recoveredMs).toBeGreaterThan(0);
    expect(api!.output()).toMatch(/Embedded PostgreSQL exited unexpectedly \(signal SIGKILL\); restarting/);
    expect(api!.output()).toMatch(/Embedded PostgreSQL restarted on port/);
    expect(alive(api!.pid)).toBe(true);
    // One clear line a second at most while it is down, not one per request.
    expect(unavailableLines).toBeLessThanOrEqual(Math.ceil(recoveredMs / 1000) + 2);
    // A money request works again, and the ledger is whole.
    const after = await deposit(user, randomUUID());
    expect(after.status).toBe(201);
    const approve = await call(api!.base, 'POST', `/api/admin/transactions/${after.body.id}/approve`, { headers: { Authorization: adminBearer } });
    expect(approve.status).toBe(200);
    db = await connect(embeddedUrl(dataDir, pgPort));
    expect(Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM ledger_transactions'))[0].n)).toBe(postings + 1);
    const ledger = await ledgerCheck(db.sql);
    expect(ledger).toEqual(SOUND_LEDGER);
    report.push(`  … then deposit + approval: 201/200, supervised restart logged in one line; ledger ${JSON.stringify(ledger)}`);
  }, 120_000);
});
