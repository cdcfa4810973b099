import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AXE_INIT_SCRIPT } from './axe';
import { browserEnv } from './server';

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell, from the same source as the chromium
 * package; Playwright's own default for headless runs): the page, its renderer, Blink and V8 as in the browser,
 * without the browser's windows and UI around them. Back to back on the 2-core test machine, the whole tier in
 * 292.4 and 297.1 s (Chromium 279 and 285 CPU s) against 347.9 and 354.4 s (360 and 372 CPU s) in the whole browser's
 * new headless mode; a new context and its first load 0.4–0.5 s of Chromium CPU against 1.0–1.2 s.
 * `CHROMIUM_PATH=/usr/bin/chromium` runs the specs in the whole browser.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

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
  // For the whole browser (CHROMIUM_PATH=/usr/bin/chromium; the shell has no omnibox): its new headless mode loaded the
  // omnibox's popup, a WebUI app (chrome://omnibox-popup.top-chrome, in a renderer of its own), in each page's window,
  // and kept a spare renderer ready. Measured on the 2-core test machine, a new page and its first load cost Chromium
  // 3.5–4.5 s of CPU with them, 1.5–2 s without.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,SpareRendererForSitePerProcess',
];

/**
 * This spec file's browser: a connection to the Chromium that the global setup launched for the whole tier
 * (MIRRORLINE_BROWSER_WS), or one of its own outside it. A launch costs Chromium about 2 s of CPU and 1.5 s (measured
 * on the 2-core test machine), once per spec file before. Each file still has contexts of its own, and its
 * `browser.close()` closes them and disconnects (the tier's Chromium stays up until the global teardown).
 */
export async function launch(): Promise<Browser> {
  const shared = process.env.MIRRORLINE_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch(launchOptions());
}

/** How the browser specs' Chromium starts (its path checked first). */
export function launchOptions(): { executablePath: string; args: string[]; headless: true } {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: npm test installs it (apt-get install chromium-headless-shell) when run as root`);
  return { executablePath: CHROMIUM, args: ARGS, headless: true };
}

/**
 * How long a Playwright wait or action may take before it fails (its own default is 30 s). A bound on a hung step,
 * sized for a busy 2-core machine (a price-alerts wait once ran past 30 s under load), not a speed target: a wait
 * ends as soon as its condition holds.
 */
export const WAIT_MS = 90_000;

export interface ContextOptions {
  width?: number;
  height?: number;
  /**
   * For axe-core (runAxe): its source runs in every document of the context (an init script, sent once), and
   * bypassCSP, only so that it may (the app runs under its real policy otherwise).
   */
  axe?: boolean;
  /** Another server than this worker's (connection.browser-spec.ts has one of its own). */
  baseURL?: string;
  /**
   * The page's `prefers-reduced-motion`: 'reduce' unless asked. The ticker tape scrolls on every screen, and a page
   * that animates costs Chromium about 0.1 s of CPU a second (measured: 0.17 s/s against 0.07 s/s still, on the
   * 2-core test machine), with several pages open for the whole tier. The app's reduced-motion styles hold the
   * ticker and the skeletons still; trading.browser-spec.ts checks the moving ticker with `motion: true`.
   */
  motion?: boolean;
}

/** The contexts of newContext still open, and the real close of each (see testEnded). */
const openContexts = new Map<BrowserContext, () => Promise<void>>();
const closeAfterTest = new Set<BrowserContext>();
let inTest = false;

/**
 * A browser context on this worker's server: the viewport (a phone below 500 px: touch, mobile) and the generous
 * WAIT_MS on every wait. Closed during a test, it closes when the test has ended (testEnded), so that the pages of a
 * failed test can be pictured as they were.
 *
 * No `context.route`: with a route, Playwright intercepts every request of the context (each one a round trip
 * between Chromium and this process) and turns Chromium's HTTP cache off, so every load compiled the bundle again.
 * The one route there was aborted TradingView requests, and the SPA makes none (its charts are the bundled
 * lightweight-charts; a tier run counted 3,072 requests, all to the test server).
 */
export async function newContext(browser: Browser, { width = 1280, height = 860, axe = false, baseURL = browserEnv().baseUrl, motion = false }: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500, bypassCSP: axe, reducedMotion: motion ? 'no-preference' : 'reduce' });
  context.setDefaultTimeout(WAIT_MS);
  if (axe) await context.addInitScript({ content: AXE_INIT_SCRIPT });
  const close = context.close.bind(context);
  openContexts.set(context, () => close());
  context.on('close', () => {
    openContexts.delete(context);
    closeAfterTest.delete(context);
  });
  context.close = async (options) => {
    if (inTest) closeAfterTest.add(context);
    else await close(options);
  };
  return context;
}

/** A test starts (support/timeout.ts): contexts closed from now on wait for its end. */
export function testStarted(): void {
  inTest = true;
}

/**
 * A test ended (support/timeout.ts): when it failed, every page still open is pictured (`failed-<test>-<n>.png`
 * beside the other screenshots); then the contexts it closed are closed.
 */
export async function testEnded(failedTest: string | null): Promise<void> {
  inTest = false;
  if (failedTest) {
    const name = failedTest.replace(/[^\w-]+/g, '-').slice(0, 80);
    const pages = [...openContexts.keys()].flatMap((context) => context.pages());
    for (const [i, page] of pages.entries()) {
      await page.screenshot({ path: join(browserEnv().outputDir, `failed-${name}-${i + 1}.png`), fullPage: true }).catch(() => undefined);
    }
  }
  for (const context of closeAfterTest) await openContexts.get(context)?.().catch(() => undefined);
  closeAfterTest.clear();
}

export async function newPage(browser: Browser, options?: ContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  return { context, page: await context.newPage() };
}

/**
 * Waits until the page's data has loaded (no skeleton or spinner left) and the browser has laid it out and painted
 * it (two animation frames): what a measure of its width or an axe run should see. A locator wait, so it works
 * under the app's CSP too (page.waitForFunction needs eval).
 */
export async function settled(page: Page): Promise<void> {
  await page.locator('.skeleton, .spinner').first().waitFor({ state: 'detached' });
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

/** Polls `check` in Node until it holds (a condition the page has no locator for), up to `timeoutMs`. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * `BROWSER_SCREENSHOTS=1`: a picture of every state the specs name, in test-output/browser/. Off by default: no spec
 * reads them and a full-page picture took 1–3 s on the shared machine (about 70 in a run); a failed test's pages are
 * pictured either way (testEnded).
 */
const SCREENSHOTS = process.env.BROWSER_SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(browserEnv().outputDir, `${name}.png`), fullPage: true });
}

/** The newest 6-digit code mailed to `email` (read from the mail catcher), waiting up to WAIT_MS. */
export async function codeMailedTo(email: string, after = 0): Promise<string> {
  const { mailDir } = browserEnv();
  const deadline = Date.now() + WAIT_MS;
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
