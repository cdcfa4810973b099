import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../apps/api/src/bootstrap';
import { timed } from './phase-times';
import { removeTestDirs, testConfig, type TestApp } from './test-app';

/**
 * Another API instance on the database of `t` (same migrations, its own process state: own LISTEN
 * connection, own feed leader), listening on a free port. For specs of what crosses instances.
 */
export async function anotherInstance(t: TestApp, env: Record<string, string> = {}): Promise<NestExpressApplication> {
  const config = testConfig({
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    JWT_ACCESS_SECRET: t.config.jwtAccessSecret,
    JWT_REFRESH_SECRET: t.config.jwtRefreshSecret,
    SESSION_SECRET: t.config.sessionSecret,
    MARKET_MAX_FILL_AGE_MS: String(t.config.marketMaxFillAgeMs), // as createTestApp's (see there)
    ...env,
  });
  const app = await timed('boot', () => createApp(config, t.databaseUrl));
  // Its throw-away DATA_DIR and UPLOAD_DIR go when it closes (each use left two folders in the temp folder). On its
  // HTTP server's close: Nest's application proxy drops an assignment to `app.close`.
  (app.getHttpServer() as Server).once('close', () => removeTestDirs(config));
  await app.listen(0, '127.0.0.1');
  return app;
}
