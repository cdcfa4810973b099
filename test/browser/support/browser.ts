import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserEnv } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the networking flags Chromium floods this machine's closed network (stack.md trap 7).
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: npm test installs it with apt-get when run as root`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: browserEnv().baseUrl, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  // The TradingView ticker is third-party: keep the specs hermetic (the app must degrade to nothing).
  await context.route(/tradingview/, (route) => route.abort());
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(browserEnv().outputDir, `${name}.png`), fullPage: true });
}

/** The newest 6-digit code mailed to `email` (read from the mail catcher), waiting up to 10 s. */
export async function codeMailedTo(email: string, after = 0): Promise<string> {
  const { mailDir } = browserEnv();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = readdirSync(mailDir)
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .sort()
      .map((f) => ({ file: f, ...(JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as { to: string[]; raw: string }) }))
      .filter((m) => m.to.includes(email.toLowerCase()) && Number(m.file.split('-')[0]) >= after);
    const last = mails.pop();
    const code = last && /\b(\d{6})\b/.exec(last.raw.replace(/=\r?\n/g, ''));
    if (code) return code[1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}
