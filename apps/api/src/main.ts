import 'reflect-metadata';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config/load-config';
import { startEmbeddedPostgres, EmbeddedPostgresError, type EmbeddedPostgresHandle, withDatabase } from './database/embedded-postgres';
import { ensureDatabase } from './database/database-url';
import { createApp } from './bootstrap';

async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: join(config.dataDir, 'pgdata'),
        port: config.embeddedPgPort,
        persistent: true,
      });
    } catch (error) {
      process.stderr.write(`${error instanceof EmbeddedPostgresError ? error.message : String(error)}\n`);
      process.exit(1);
    }
    await ensureDatabase(embedded.url, 'mirrorline');
    databaseUrl = withDatabase(embedded.url, 'mirrorline');
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
    const code = (error as { code?: string }).code;
    process.stderr.write(
      code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use: stop what uses it or set PORT.\n`
        : `Start failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    await app?.close().catch(() => undefined);
    await embedded?.stop();
    process.exit(1);
  }
  process.stdout.write(
    `Mirrorline is up on http://localhost:${config.port} (API /api, docs /api/docs, admin /admin) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s${embedded ? `, embedded PostgreSQL on port ${embedded.port}` : ''}\n`,
  );
}

void main();
