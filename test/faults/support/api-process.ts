import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { TestApp } from '../../support/test-app';
import { createUser, type TestUser, type TestUserOptions } from '../../support/users';
import { ledgerCheck as fixtureLedgerCheck, type Sql } from '../../../libs/copy-trading/src/testing/ledger-fixtures';

/**
 * Real API processes for the fault and cluster tiers: the built server (dist/, `npm run build`) started as
 * `npm start` starts it, in a process group of its own so that a test can kill it (or the group) with
 * SIGKILL, SIGTERM it, or freeze its PostgreSQL, and look at what a client saw.
 */

export const ROOT = join(__dirname, '..', '..', '..');
const MAIN = join(ROOT, 'dist', 'apps', 'api', 'src', 'main.js');

export const SECRETS = {
  JWT_ACCESS_SECRET: 'fault-tier-access-secret-0123456789abcdef0123456789',
  JWT_REFRESH_SECRET: 'fault-tier-refresh-secret-0123456789abcdef012345678',
  SESSION_SECRET: 'fault-tier-session-secret-0123456789abcdef012345678',
};
export const ADMIN = { email: 'ops@example.test', password: 'fault-tier-admin-password' };

export function requireBuild(): void {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first (the fault tier runs the built server)`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A wait that does not keep Jest alive once everything else is done (for Promise.race bounds). */
export const bound = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export interface ApiProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  /** DATA_DIR: the embedded PostgreSQL's data is in `<dataDir>/pgdata` (when DATABASE_URL is unset). */
  dataDir: string;
  /** Everything it wrote on stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitHealthy(ms?: number): Promise<number>;
}

export interface ApiOptions {
  port: number;
  dataDir: string;
  embeddedPgPort?: number;
  databaseUrl?: string;
  env?: Record<string, string>;
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as the 'postgres' user and must reach its data dir
  return dir;
}

/** Starts `node dist/apps/api/src/main.js` (what `npm start` runs) in a new process group. */
export function startApi(options: ApiOptions): ApiProcess {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    SPA_DIR: 'off',
    ADMIN_PANEL: 'false',
    DEMO_DATA: 'false',
    DEMO_TRADING: 'false',
    // The fail-fast bounds are off unless a spec turns them on (overload.fault-spec.ts runs production's): on a busy
    // 2-core machine a burst of 80 (or the first requests after a restart, opening their connections) can wait for
    // a pooled connection longer than production's 2 s, or than its 250 ms of load shedding, and these specs assert
    // no 503 for the requests a crash or a drain must not lose.
    DB_ACQUIRE_TIMEOUT_MS: '60000',
    DB_QUEUE_SHED_MS: '0',
    // Nor the adaptive limit of requests in flight (ADMISSION_TARGET_MS): a slow machine's latency is not an overload.
    ADMISSION_TARGET_MS: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...SECRETS,
    ...(options.embeddedPgPort ? { EMBEDDED_PG_PORT: String(options.embeddedPgPort) } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // 'close' (not 'exit'): every line written before the exit has been read by then.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${options.port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    child,
    pid: child.pid!,
    port: options.port,
    base,
    dataDir: options.dataDir,
    output: () => out,
    exited,
    async waitHealthy(ms = 90_000) {
      const started = Date.now();
      while (Date.now() - started < ms) {
        if (gone) throw new Error(`the API exited before it was healthy:\n${out}`);
        const res = await call(base, 'GET', '/api/health').catch(() => null);
        if (res?.status === 200) return Date.now() - started;
        await sleep(200);
      }
      throw new Error(`the API was not healthy within ${ms} ms:\n${out}`);
    },
  };
}

export interface CallResult {
  status: number;
  ms: number;
  /** When the TCP connection was established (epoch ms): from then on the request is the server's to answer. */
  connectedAt?: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One HTTP request on a connection of its own (no keep-alive: a refused connection then means "never
 * sent", which a client or a proxy may safely retry elsewhere). Rejects with the socket error code.
 * `localAddress` (e.g. 127.0.0.7: all of 127/8 is loopback) sends it from another client address.
 */
export function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<CallResult> {
  const started = Date.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  let connectedAt: number | undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent: false,
        localAddress: options.localAddress,
        headers: { Connection: 'close', ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}), ...options.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, ms: Date.now() - started, connectedAt, body, headers: res.headers });
        });
        res.on('error', fail);
      },
    );
    // A socket error carries `connectedAt` too: a reset after the connection was established is not a refusal.
    const fail = (error: Error) => reject(Object.assign(error, { connectedAt }));
    req.on('socket', (socket) => socket.once('connect', () => (connectedAt = Date.now())));
    req.on('error', fail);
    if (payload) req.write(payload);
    req.end();
  });
}

/** The password and URL of the embedded PostgreSQL that an API started on `dataDir`. */
export function embeddedUrl(dataDir: string, port: number, database = 'mirrorline'): string {
  const password = readFileSync(join(dataDir, 'pgdata.password'), 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The postmaster of a data directory and its children (backends, checkpointer, …). */
export function postgresPids(pgdata: string): number[] {
  const postmaster = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  return [postmaster, ...children];
}

/** Whether a process still runs: a zombie waiting for its parent to reap it does not. */
export function running(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; comm may hold spaces and parentheses, the state follows the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A direct connection for set-up and checks, with the `?` placeholders the test helpers use. */
export async function connect(url: string): Promise<{ client: Client; sql: Sql; end: () => Promise<void> }> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  const sql = (async (query: string, params: unknown[] = []) => {
    let i = 0;
    return (await client.query(query.replace(/\?/g, () => `$${++i}`), params)).rows;
  }) as Sql;
  return { client, sql, end: () => client.end().catch(() => undefined) };
}

/** createUser (test/support/users.ts) against a database reached directly, tokens signed with SECRETS. */
export function userFactory(sql: () => Sql) {
  const t = { sql: ((query, params) => sql()(query, params)) as Sql, config: { jwtAccessSecret: SECRETS.JWT_ACCESS_SECRET } } as unknown as TestApp;
  return (options: TestUserOptions = {}): Promise<TestUser> => createUser(t, options);
}

/** The admin ledger check plus "no user account below zero"; every figure must be 0 for a sound ledger. */
export async function ledgerCheck(sql: Sql): Promise<{ total: string; unbalanced: number; mismatches: number; duplicates: number; negative: number }> {
  const check = await fixtureLedgerCheck(sql);
  const [{ n }] = await sql<{ n: string }>('SELECT count(*) AS n FROM ledger_accounts WHERE owner_id IS NOT NULL AND balance < 0');
  return { total: check.total.toString(), unbalanced: check.unbalanced, mismatches: check.mismatches, duplicates: check.duplicates, negative: Number(n) };
}

export const SOUND_LEDGER = { total: '0', unbalanced: 0, mismatches: 0, duplicates: 0, negative: 0 };

/** The embedded PostgreSQL's postmaster running from `<dataDir>/pgdata`, or null when none runs. */
export function postmasterOf(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 && running(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Kills whatever the test started and is still running: the API's process group and, with the same signal,
 * its embedded PostgreSQL, which runs in a session of its own (a terminal's Ctrl-C must not reach it). With
 * SIGKILL, that is a power cut for both.
 */
export function killGroup(api: ApiProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (!api) return;
  const postmaster = postmasterOf(api.dataDir);
  for (const group of [api.pid, postmaster]) {
    if (!group) continue;
    try {
      process.kill(-group, signal);
    } catch {
      /* already gone */
    }
  }
}

/** What a client saw of one request: its answer, or the socket error (ECONNREFUSED, ECONNRESET, …). */
export type Outcome = { at: number; result?: CallResult; error?: string };

/** A request's outcome, sent `at` ms into a burst: never rejects. */
export const settle = (at: number, p: Promise<CallResult>): Promise<Outcome> =>
  p.then(
    (result) => ({ at, result }),
    (error: NodeJS.ErrnoException) => ({ at, error: error.code ?? error.message }),
  );

/** "201×18 503×3 ECONNRESET×1": the statuses and errors of a burst, counted. */
export function summary(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.result ? String(o.result.status) : o.error!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].sort().map(([k, n]) => `${k}×${n}`).join(' ');
}

/** Sends a signal to each of `pids` (SIGSTOP/SIGCONT freeze and thaw PostgreSQL), ignoring those already gone. */
export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      /* a backend that has just ended */
    }
  }
}

/** The end of a spec: SIGTERM (a drain, up to 20 s), then whatever is left is killed, PostgreSQL included. */
export async function stopApi(api: ApiProcess | undefined): Promise<void> {
  if (api && alive(api.pid)) {
    process.kill(api.pid, 'SIGTERM');
    await Promise.race([api.exited, bound(20_000)]);
  }
  killGroup(api);
  if (api) await Promise.race([api.exited, bound(5_000)]);
}
