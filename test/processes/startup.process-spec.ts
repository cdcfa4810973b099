import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { createTestDatabase } from '../support/test-app';

/** The compiled entry point, started the way `npm start` starts it. `onHealthy` runs once /api/health answers 200. */
function start(
  env: Record<string, string>,
  onHealthy?: (child: ReturnType<typeof spawn>) => void,
  dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-startup-')),
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  chmodSync(dataDir, 0o755);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/apps/api/src/main.js'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // a bound on a hung start and stop (under this file's 300 s test timeout), not a speed target: bench:start times
    // the start (seen: 71 s to healthy at a load average of 15 on this 2-core machine)
    const timer = setTimeout(() => child.kill('SIGKILL'), 280_000);
    if (onHealthy && env.PORT) {
      // Once only: on a busy machine a health read can take longer than the poll's period, so two of them can both
      // answer 200 — a second SIGINT would be the operator's "stop at once" (exit 1), not the drain under test.
      let healthy = false;
      const poll = setInterval(() => {
        fetch(`http://127.0.0.1:${env.PORT}/api/health`)
          .then((res) => {
            if (res.ok && !healthy) {
              healthy = true;
              clearInterval(poll);
              onHealthy(child);
            }
          })
          .catch(() => undefined);
      }, 200);
      child.on('exit', () => clearInterval(poll));
    }
    // 'close', not 'exit': the last lines written before exiting may still be in the pipe at 'exit'.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('start-up (compiled app)', () => {
  jest.setTimeout(300_000);
  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
    expect(build.status).toBe(0);
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'Configuration error: ADMIN_EMAIL is required when NODE_ENV=production'],
    [
      { NODE_ENV: 'production', ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'a-long-admin-password' },
      'Configuration error: JWT_ACCESS_SECRET is required when NODE_ENV=production',
    ],
    [
      {
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'ops@example.com',
        ADMIN_PASSWORD: 'a-long-admin-password',
        JWT_ACCESS_SECRET: 'a'.repeat(40),
        JWT_REFRESH_SECRET: 'b'.repeat(40),
        SESSION_SECRET: 'c'.repeat(40),
      },
      'Configuration error: MARKET_FEED must be a real feed (binance) when NODE_ENV=production, not "simulated" (the default): real money never trades on prices the platform makes up',
    ],
    [
      { MARKET_SEED: '20261123' },
      'Configuration error: MARKET_SEED is accepted only with NODE_ENV=test: a seed makes every simulated price known in advance; ' +
        'remove it (each installation keeps its own secret in DATA_DIR) or set MARKET_SECRET (64 hex digits, e.g. from `openssl rand -hex 32`)',
    ],
    [{ PORT: 'eighty' }, 'Configuration error: PORT must be a port number between 1 and 65535 (got "eighty")'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'Configuration error: DATABASE_URL must use postgres or postgresql:// (got "mysql:")'],
  ])('stops on a bad configuration %j with one line naming the variable', async (env, line) => {
    const result = await start(env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${line}\n`);
  });

  it('checks the configuration before it loads the framework: a bad one stops with no NestJS, MikroORM or AdminJS module loaded', () => {
    // A preload that writes, at exit, every module of those packages the process had loaded.
    const dir = mkdtempSync(join(tmpdir(), 'mirrorline-startup-'));
    const preload = join(dir, 'loaded.js');
    const report = join(dir, 'loaded.json');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(require.cache).filter((m) => /node_modules\\/(@nestjs|@mikro-orm|adminjs|@adminjs)\\//.test(m)))));`,
    );
    const result = spawnSync(process.execPath, ['--require', preload, 'dist/apps/api/src/main.js'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Configuration error: PORT must be a port number between 1 and 65535 (got "eighty")\n');
    expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual([]);
  });

  it('starts on an embedded PostgreSQL, and on SIGINT stops the API and the database cleanly (exit 0)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-startup-'));
    const result = await start(
      { PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), DEMO_DATA: 'false', ADMIN_PASSWORD: 'startup-admin-password' },
      (child) => child.kill('SIGINT'),
      dataDir,
    );
    expect(result.stderr).not.toMatch(/error/i); // AdminJS prints its bundling progress to stderr
    expect(result.stdout).toContain('Mirrorline is up on http://localhost:');
    expect(result.stdout).toContain('Received SIGINT: draining');
    // One expectation with everything a failure needs to be understood: a failed toMatch prints the whole string
    // (exit code, signal, and the tails of both outputs), where toMatchObject would print only the keys that differ.
    const stopped = /Stopped in \d+\.\d s/.test(result.stdout);
    const summary = `exit ${result.code} signal ${result.signal} stopped ${stopped}\n--- stdout ---\n${result.stdout.slice(-6_000)}\n--- stderr ---\n${result.stderr.slice(-2_000)}`;
    expect(summary).toMatch(/^exit 0 signal null stopped true\n/);
    // PostgreSQL removes its pid file when it has shut down; the data stays for the next start.
    expect(existsSync(join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  });

  it('stops with a clear line when the embedded PostgreSQL port is taken', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const result = await start({ EMBEDDED_PG_PORT: String(port), PORT: String(await freePort()) });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Embedded PostgreSQL cannot start: port ${port} is already in use. Stop what uses it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an external PostgreSQL.`,
      );
    } finally {
      blocker.close();
    }
  });

  // Boot failures are one line naming what to fix: no Nest log dump, no stack, no unhandled rejection.
  it('stops with one line naming DATABASE_URL (never its password) when the database cannot be reached', async () => {
    const port = await freePort(); // nothing listens there
    const result = await start({ DATABASE_URL: `postgresql://app:s3cret@127.0.0.1:${port}/mirrorline`, PORT: String(await freePort()), ADMIN_PANEL: 'false' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Cannot connect to the database in DATABASE_URL (127.0.0.1:${port}/mirrorline): connection refused. Check DATABASE_URL and that the server is running.\n`,
    );
    expect(result.stdout).toBe('');
  });

  it('stops with one line naming the file when var/dev-secrets.json is corrupt', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-startup-'));
    writeFileSync(join(dataDir, 'dev-secrets.json'), '{"access": "cut sh');
    const result = await start({ PORT: String(await freePort()) }, undefined, dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Configuration error: DATA_DIR holds ${join(dataDir, 'dev-secrets.json')}, which is not valid JSON: ` +
        'delete it to generate new development secrets, or set JWT_ACCESS_SECRET, JWT_REFRESH_SECRET and SESSION_SECRET\n',
    );
  });

  it('in production without SMTP_URL warns that codes go to the log; a taken HTTP port stops with one line naming PORT', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, resolve)); // all interfaces, as the app listens
    try {
      const result = await start({
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATABASE_URL: database.url,
        ADMIN_PANEL: 'false',
        SPA_DIR: 'off',
        ADMIN_EMAIL: 'ops@example.com',
        ADMIN_PASSWORD: 'a-long-admin-password',
        JWT_ACCESS_SECRET: 'a'.repeat(40),
        JWT_REFRESH_SECRET: 'b'.repeat(40),
        SESSION_SECRET: 'c'.repeat(40),
        // Production refuses the simulated market; the real feed points at a port nothing listens on.
        MARKET_FEED: 'binance',
        BINANCE_WS_URL: `ws://127.0.0.1:${await freePort()}`,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Port ${port} is already in use: stop what uses it or set PORT.\n`);
      const warnings = result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40);
      expect(warnings.map((w) => w.msg)).toContain(
        'SMTP_URL is not set in production: emails, including one-time codes, are written to the log instead of being sent. Set SMTP_URL (smtp://host:port).',
      );
    } finally {
      blocker.close();
      await database.drop();
    }
  });
});
