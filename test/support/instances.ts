import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '../../apps/api/src/config/load-config';
import { createApp } from '../../apps/api/src/bootstrap';
import type { TestApp } from './test-app';

/**
 * Another API instance on the database of `t` (same migrations, its own process state: own LISTEN
 * connection, own feed leader), listening on a free port. For specs of what crosses instances.
 */
export async function anotherInstance(t: TestApp, env: Record<string, string> = {}): Promise<NestExpressApplication> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      SPA_DIR: 'off',
      ADMIN_PANEL: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mirrorline-test-var-')),
      UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'mirrorline-test-uploads-')),
      JWT_ACCESS_SECRET: t.config.jwtAccessSecret,
      JWT_REFRESH_SECRET: t.config.jwtRefreshSecret,
      SESSION_SECRET: t.config.sessionSecret,
      MARKET_MAX_FILL_AGE_MS: String(t.config.marketMaxFillAgeMs), // as createTestApp's (see there)
      ...env,
    },
    process.cwd(),
  );
  const app = await createApp(config, t.databaseUrl);
  await app.listen(0, '127.0.0.1');
  return app;
}
