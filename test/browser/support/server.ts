import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../support/free-port';

export interface BrowserEnv {
  baseUrl: string;
  mailDir: string;
  adminEmail: string;
  adminPassword: string;
  outputDir: string;
  /** The server's DATA_DIR and embedded PostgreSQL port: `npm run admin` reaches its database with them. */
  dataDir: string;
  pgPort: number;
}

export const ADMIN_EMAIL = 'admin@mirrorline.test';
export const ADMIN_PASSWORD = 'browser-admin-password-1';

/** Captures every mail the app sends (OTP codes) as a JSON file the specs can read. */
export async function startMailCatcher(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        // Written aside, then renamed into place: a spec polling the folder never reads a half-written file.
        const name = `${Date.now()}-${n++}.json`;
        writeFileSync(join(dir, `.${name}.part`), JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        renameSync(join(dir, `.${name}.part`), join(dir, name));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface StartedServer { baseUrl: string; process: ChildProcess; logFile: string; dataDir: string; port: number; pgPort: number }

/**
 * Starts the built product exactly as `npm start` runs it (embedded PostgreSQL, SPA, API) on free ports; given a
 * `previous` server (stopped), it starts again on the same ports and data (a restart, as after a crash or a deploy).
 */
export async function startServer(env: Record<string, string>, previous?: Pick<StartedServer, 'dataDir' | 'port' | 'pgPort'>): Promise<StartedServer> {
  const dataDir = previous?.dataDir ?? mkdtempSync(join(tmpdir(), 'mirrorline-browser-var-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as 'postgres' when we are root
  const port = previous?.port ?? (await freePort());
  const pgPort = previous?.pgPort ?? (await freePort());
  const logFile = join(dataDir, 'server.log');
  const child = spawn(process.execPath, ['dist/apps/api/src/main.js'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      DEMO_DATA: 'true',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The simulated market ticks every second, but a busy test machine can delay a tick past the 2 s a fill
      // may use (test/market-fill-age.e2e-spec.ts checks that rule): fills accept a quote as old as a mark does.
      MARKET_MAX_FILL_AGE_MS: '10000',
      // No load shedding by queue wait (DB_QUEUE_SHED_MS, tested in test/faults/overload): a busy machine is not an
      // overload these specs should see 503s for.
      DB_QUEUE_SHED_MS: '0',
      // Nor the adaptive limit of requests in flight (ADMISSION_TARGET_MS): a slow machine's latency is not an overload.
      ADMISSION_TARGET_MS: '0',
      // The specs sign in hundreds of times from 127.0.0.1 in a run (users, traders, the admin): the per-address login
      // limit (50 in 15 minutes, tested in test/auth-throttling.e2e-spec.ts) would refuse the later spec files.
      LOGIN_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // generous: on a busy shared machine the first start (embedded PostgreSQL, migrations, demo data) took over 60 s
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log.join('')}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, process: child, logFile, dataDir, port, pgPort };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not become healthy in 180 s:\n${log.join('')}`);
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The server of this Jest worker (global-setup.ts starts one per worker; JEST_WORKER_ID counts from 1). */
export function browserEnv(): BrowserEnv {
  const raw = process.env.MIRRORLINE_BROWSER_ENV;
  if (!raw) throw new Error('MIRRORLINE_BROWSER_ENV is not set: run the browser specs through jest (browser project)');
  const servers = JSON.parse(raw) as BrowserEnv[];
  return servers[(Number(process.env.JEST_WORKER_ID ?? '1') - 1) % servers.length];
}
