import 'reflect-metadata';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config/load-config';
import { startFailureLine, type StartContext } from './config/start-failure';
import type { AppConfig } from '@mirrorline/shared';
import { startEmbeddedPostgres, EmbeddedPostgresError, type EmbeddedPostgresHandle, withDatabase } from './database/embedded-postgres';
import { ensureDatabase } from './database/database-url';
import type { createApp as CreateApp } from './bootstrap';
import type { Drain as DrainService } from './http/drain';
import { uploadDirFailureLine, uploadDirProblem } from './config/upload-dir';

/**
 * How long a draining process still accepts connections (those already queued in its listen backlog, and those
 * a proxy sends before it has seen health turn 503) and serves them with `Connection: close`.
 */
const ACCEPT_BACKLOG_MS = 1_000;

/** One operator line on stdout (info) or stderr (warn, error), outside the request log. */
function say(line: string, level: 'info' | 'warn' | 'error' = 'info'): void {
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/** Every way the start can fail ends here: one line on stderr, exit 1 (the stack only at LOG_LEVEL debug/trace). */
function fail(line: string, error?: unknown): never {
  process.stderr.write(`${line}\n`);
  if (error instanceof Error && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const started = Date.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Before anything starts: an unusable UPLOAD_DIR is one clear line now, not a crash at the first KYC upload.
  const uploads = await uploadDirProblem(config.uploadDir);
  if (uploads) fail(uploadDirFailureLine(config.uploadDir, uploads));

  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  let context: StartContext = { port: config.port, database: { source: 'DATABASE_URL', url: databaseUrl ?? '' } };
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: join(config.dataDir, 'pgdata'),
        port: config.embeddedPgPort,
        persistent: true,
        // Restarted if it dies while the API runs; meanwhile the API answers 503 and recovers by itself.
        supervise: {
          event: say,
          gaveUp: () => void shutdown('No database', 1),
        },
      });
    } catch (error) {
      fail(error instanceof EmbeddedPostgresError ? error.message : startFailureLine(error, context), error);
    }
    databaseUrl = withDatabase(embedded.url, 'mirrorline');
    context = { port: config.port, database: { source: 'embedded', url: databaseUrl } };
    try {
      await ensureDatabase(embedded.url, 'mirrorline');
    } catch (error) {
      await embedded.stop().catch(() => undefined);
      fail(startFailureLine(error, context), error);
    }
  }

  let app: Awaited<ReturnType<typeof CreateApp>> | undefined;
  let Drain: typeof DrainService | undefined;
  let stopping = false;
  /**
   * The graceful drain (docs/deploy.md): stop accepting connections, answer health 503 "draining", let the
   * requests in flight finish (up to SHUTDOWN_GRACE_MS), then app.close() — the Nest shutdown hooks end the
   * event streams and the outbox and feed workers, then the pool closes — and only then PostgreSQL.
   */
  async function shutdown(reason: string, exitCode = 0): Promise<void> {
    if (stopping) {
      if (exitCode === 0) {
        say(`${reason} again: stopping at once`, 'warn');
        process.exit(1);
      }
      return;
    }
    stopping = true;
    embedded?.leaving();
    const began = Date.now();
    say(`${reason}: draining, up to ${config.shutdownGraceMs} ms for the requests in flight…`);
    let code = exitCode;
    try {
      if (app && Drain) {
        const drain = app.get(Drain);
        // Health turns 503 "draining", idle keep-alive connections are closed while the listener still accepts
        // (their clients reconnect and are served), responses from now on carry Connection: close.
        drain.start();
        const server = app.getHttpServer() as Server;
        // Connections the kernel completed before the signal wait in the listen backlog: accept and serve
        // them for a moment rather than reset them, then take no new connection (refused, so a client or
        // proxy retries elsewhere).
        await new Promise((resolve) => setTimeout(resolve, Math.min(ACCEPT_BACKLOG_MS, config.shutdownGraceMs)));
        // A timer runs before the loop's I/O phase: on a busy process connections that arrived while it was busy
        // are still in the kernel's queue (closing now would reset them). setImmediate runs after that phase, once
        // libuv has accepted everything queued.
        await new Promise((resolve) => setImmediate(resolve));
        // net.Server's close, not http.Server's: that one also drops every connection without a request in
        // progress — including those just accepted whose request is still on its way (a reset for the client).
        // Connections still open are either serving a request (closed after its answer) or fresh (their first
        // request is on its way: served, then closed).
        NetServer.prototype.close.call(server);
        say(`Stopped accepting connections; ${drain.pending()} request(s) in flight`);
        if (!(await drain.idle(config.shutdownGraceMs))) {
          say(`${drain.pending()} request(s) still running after SHUTDOWN_GRACE_MS (${config.shutdownGraceMs} ms): closing anyway`, 'warn');
        }
        // Whatever connection is still open once the hooks have run (a stream nobody ended) is cut.
        const force = setTimeout(() => server.closeAllConnections(), 2_000);
        force.unref();
        await app.close();
        clearTimeout(force);
      }
    } catch (error) {
      say(`Shutdown: ${startFailureLine(error, context)}`, 'error');
      code = 1;
    }
    try {
      await embedded?.stop();
    } catch (error) {
      say(`Shutdown: the embedded PostgreSQL did not stop cleanly: ${(error as Error).message}`, 'error');
      code = 1;
    }
    say(`Stopped in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    process.exit(code);
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(`Received ${signal}`));

  try {
    // The app's modules (NestJS, MikroORM, every lib: seconds of CPU) are loaded only now, once the configuration is
    // valid and the embedded PostgreSQL (if any) runs: a configuration error is one line in about a second, not four.
    const { createApp } = await import('./bootstrap.js');
    ({ Drain } = await import('./http/drain.js'));
    app = await createApp(config, databaseUrl);
    app.get(Drain).watch(app.getHttpServer() as Server);
    await app.listen(config.port);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    fail(startFailureLine(error, context), error);
  }
  process.stdout.write(
    `Mirrorline is up on http://localhost:${config.port} (API /api, docs /api/docs, admin /admin) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s${embedded ? `, embedded PostgreSQL on port ${embedded.port}` : ''}\n`,
  );
}

// Whatever escaped the steps above is still one line, never an unhandled rejection with a stack.
main().catch((error: unknown) => fail(startFailureLine(error, { port: 0, database: { source: 'DATABASE_URL', url: '' } }), error));
