import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '@jest/types';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type BrowserEnv, startMailCatcher, startServer } from './server';

/**
 * Builds what is stale, then starts the real product once per Jest worker, each with its own mail catcher, and one
 * Chromium that every spec file connects to (each with contexts of its own): a
 * worker runs its spec files one after the other against its own server (its own database, admin and 2FA state),
 * so spec files never share a server at the same time (scripts/test.mjs runs BROWSER_WORKERS workers, default 1).
 */
export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const count = Math.max(1, globalConfig.maxWorkers); // 1 with --runInBand
  const outputDir = join(process.cwd(), 'test-output', 'browser');
  mkdirSync(outputDir, { recursive: true });
  const started = await Promise.all(
    Array.from({ length: count }, async () => {
      const mailDir = mkdtempSync(join(tmpdir(), 'mirrorline-mail-'));
      const mail = await startMailCatcher(mailDir);
      const server = await startServer({ SMTP_URL: mail.url, MAIL_FROM: 'Mirrorline <no-reply@mirrorline.test>' });
      const env: BrowserEnv = { baseUrl: server.baseUrl, mailDir, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, outputDir, dataDir: server.dataDir, pgPort: server.pgPort };
      return { env, server, mail };
    }),
  );
  process.env.MIRRORLINE_BROWSER_ENV = JSON.stringify(started.map((s) => s.env));
  // One Chromium for the tier: each spec file connects to it (support/browser.ts launch) instead of launching its own.
  const browser = await chromium.launchServer(launchOptions());
  process.env.MIRRORLINE_BROWSER_WS = browser.wsEndpoint();
  Object.assign(globalThis, { __MIRRORLINE_BROWSER__: started.map(({ env, server, mail }) => ({ mailDir: env.mailDir, server, mail })), __MIRRORLINE_CHROMIUM__: browser });
}
