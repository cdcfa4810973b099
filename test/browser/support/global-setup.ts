import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type BrowserEnv, startMailCatcher, startServer } from './server';

/** Builds what is stale, starts a mail catcher and the real product once for all browser specs. */
export default async function globalSetup(): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const mailDir = mkdtempSync(join(tmpdir(), 'mirrorline-mail-'));
  const mail = await startMailCatcher(mailDir);
  const server = await startServer({ SMTP_URL: mail.url, MAIL_FROM: 'Mirrorline <no-reply@mirrorline.test>' });
  const outputDir = join(process.cwd(), 'test-output', 'browser');
  mkdirSync(outputDir, { recursive: true });
  const env: BrowserEnv = { baseUrl: server.baseUrl, mailDir, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, outputDir, dataDir: server.dataDir, pgPort: server.pgPort };
  process.env.MIRRORLINE_BROWSER_ENV = JSON.stringify(env);
  Object.assign(globalThis, { __MIRRORLINE_BROWSER__: { server, mail } });
}
