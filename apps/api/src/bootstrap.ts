import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@mirrorline/shared';
import { AppModule } from './app.module';
import { configWarnings } from './config/load-config';
import { configureApp } from './http/configure-app';
import { applyServerTimeouts } from './http/server-timeouts';
import { placeAdminCsrfGuardFirst } from './admin/admin-csrf';
import { createHttpLogger } from './http/request-logging';
import { migrateDatabase, seedDemoDataIfEmpty, withPrepareLock } from './database/migrate';
import { STARTUP_TASKS } from './startup-tasks';

export interface BootOptions {
  /** Run migrations, demo seeding and start-up tasks (default true). */
  prepareDatabase?: boolean;
}

/** Builds the fully configured application (not yet listening). Shared by main.ts and the e2e tests. */
export async function createApp(config: AppConfig, databaseUrl: string, options: BootOptions = {}): Promise<NestExpressApplication> {
  const httpLogger = createHttpLogger(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl, httpLogger), {
    bufferLogs: true,
    // Keep the buffered start-up lines if the start fails: main.ts then prints one line of its own
    // instead of Nest dumping the buffer and the error's stack on the console.
    autoFlushLogs: false,
    bodyParser: false,
    abortOnError: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.flushLogs();
  for (const warning of configWarnings(config)) logger.warn(warning, 'Config');
  configureApp(app, config, httpLogger);
  applyServerTimeouts(app.getHttpServer(), config.httpHeadersTimeoutMs);
  if (options.prepareDatabase !== false) {
    const orm = app.get<MikroORM>(MikroORM);
    // Several instances may start at once against one database: one prepares it, the others wait.
    await withPrepareLock(databaseUrl, async () => {
      await migrateDatabase(databaseUrl);
      await seedDemoDataIfEmpty(orm, config);
      for (const task of STARTUP_TASKS) await task(app, config);
    });
  }
  await app.init();
  if (config.adminPanel) placeAdminCsrfGuardFirst(app.getHttpAdapter().getInstance());
  return app;
}
