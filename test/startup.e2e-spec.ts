import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/free-port';

/** The compiled entry point, started the way `npm start` starts it. */
function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mirrorline-startup-'));
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
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('start-up (compiled app)', () => {
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
    [{ PORT: 'eighty' }, 'Configuration error: PORT must be a port number between 1 and 65535 (got "eighty")'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'Configuration error: DATABASE_URL must use postgres or postgresql:// (got "mysql:")'],
  ])('stops on a bad configuration %j with one line naming the variable', async (env, line) => {
    const result = await start(env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${line}\n`);
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
});
