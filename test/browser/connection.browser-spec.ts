import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newContext, screenshot } from './support/browser';
import { runAxe } from './support/axe';
import { startServer, stopServer, type StartedServer } from './support/server';

/**
 * The connection state (product.md §12.6) against a server of its own (stopping the shared one would break the other
 * specs): the server stops → every open page shows the banner and greys its live figures; the server starts again on
 * the same port and data → the pages reconnect by themselves (back-off 1 s, 2 s, then 4 s), the banner goes and the
 * figures are live again. At 1280 px and 390 px at once (two pages watch the same outage); axe 0 serious in the
 * offline state. How long the stop, the start and the return took is printed, not asserted (a busy machine is slow).
 * The server runs without the demo data and the back-office (DEMO_DATA, ADMIN_PANEL: README's configuration): the
 * markets page needs neither (its quotes are the simulated market's), and the server starts, and starts again, without
 * seeding demo traders and copiers, extending their history or building AdminJS.
 */
const ENV = { LOG_LEVEL: 'error', DEMO_DATA: 'false', ADMIN_PANEL: 'false' };
const WIDTHS = [[1280, 900], [390, 844]] as const;

async function offline(page: Page): Promise<boolean> {
  return (await page.evaluate("!!document.querySelector('.site.is-offline')")) as boolean;
}

describe('connection state: the server stops and comes back (a dedicated server)', () => {
  let browser: Browser;
  let server: StartedServer;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
    server = await startServer(ENV);
  }, 240_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    if (server) {
      await stopServer(server.process);
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('banner → greyed → recovered, at 1280 and 390 px', async () => {
    const pages: Array<{ width: number; page: Page }> = [];
    for (const [width, height] of WIDTHS) {
      const ctx = await newContext(browser, { width, height, axe: true, baseURL: server.baseUrl });
      contexts.push(ctx);
      const page = await ctx.newPage();
      await page.goto('/markets');
      await page.waitForFunction("document.querySelector('.ticker')?.dataset.status === 'live' && document.querySelectorAll('tr[data-symbol]').length > 0");
      expect(await offline(page)).toBe(false);
      pages.push({ width, page });
    }

    const stopping = Date.now();
    await stopServer(server.process);
    const stopped = Date.now() - stopping;
    const problems: string[] = [];
    for (const { width, page } of pages) {
      // the banner, in the polite live region that is always on the page
      await page.getByTestId('connection-banner').waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Live data lost: reconnecting…' }).count()).toBe(1);
      // greyed: the page is marked offline, the ticker is grey, the market rows are stale
      expect(await offline(page)).toBe(true);
      expect(await page.evaluate("getComputedStyle(document.querySelector('.ticker__viewport')).filter")).toBe('grayscale(1)');
      expect(await page.locator('tr[data-symbol].is-stale').count()).toBeGreaterThan(0);
      await screenshot(page, `connection-${width}-offline`);
      for (const v of (await runAxe(page)).serious) problems.push(`offline at ${width} px: ${v}`);
      if (width === 390) {
        const [scrollWidth, innerWidth] = (await page.evaluate('[document.scrollingElement.scrollWidth, window.innerWidth]')) as [number, number];
        if (scrollWidth > innerWidth) problems.push(`offline at 390 px scrolls sideways: ${scrollWidth}`);
      }
    }

    const starting = Date.now();
    server = await startServer(ENV, server);
    const back = Date.now();
    // both pages watched at once: the figure printed is each page's own time to recover
    const took = await Promise.all(
      pages.map(async ({ page }) => {
        await page.waitForFunction("!document.querySelector('.site.is-offline') && document.querySelector('.ticker')?.dataset.status === 'live'");
        return Date.now() - back;
      }),
    );
    console.log(`connection: the server stopped in ${stopped} ms and started again in ${back - starting} ms; live again ${pages.map(({ width }, i) => `at ${width} px ${took[i]} ms`).join(', ')} after the server answered its health check (back-off 1 s, 2 s, then 4 s)`);
    for (const { width, page } of pages) {
      expect(await page.getByTestId('connection-banner').count()).toBe(0);
      await page.waitForFunction("document.querySelectorAll('tr[data-symbol].is-stale').length === 0");
      await screenshot(page, `connection-${width}-recovered`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
