import 'reflect-metadata';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config/load-config';
import { startFailureLine, type StartContext } from './config/start-failure';
import { startEmbeddedPostgres, EmbeddedPostgresError, type EmbeddedPostgresHandle, withDatabase } from './database/embedded-postgres';
import { ensureDatabase } from './database/database-url';
import { createApp } from './bootstrap';

/** Every way the start can fail ends here: one line on stderr, exit 1 (the stack only at LOG_LEVEL debug/trace). */
function fail(line: string, error?: unknown): never {
  process.stderr.write(`${line}\n`);
  if (error instanceof Error && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  let context: StartContext = { port: config.port, database: { source: 'DATABASE_URL', url: databaseUrl ?? '' } };
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: join(config.dataDir, 'pgdata'),
        port: config.embeddedPgPort,
        persistent: true,
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

  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Received ${signal}, shutting down…\n`);
    try {
      await app?.close();
    } finally {
      await embedded?.stop();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    app = await createApp(config, databaseUrl);
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
