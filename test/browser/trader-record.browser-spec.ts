import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { adminApiToken } from './support/admin';
import { launch, newContext, screenshot } from './support/browser';
import { call, createVerifiedTrader } from './support/accounts';
import { runAxe } from './support/axe';

/**
 * The trader page's public record in Chromium against the real server (product.md §12.3, §12.4): after a trade
 * closes, the page shows it in the position history (prices, allocation, holding time, pnl; no size), the risk score
 * explained in words with its 90-day history, and the verifiable record's head, the same hash the public API serves;
 * at 1280 and at 390 px (no sideways scroll), with no serious axe violation.
 */
const suffix = randomBytes(3).toString('hex');
const trader = { username: `rec_${suffix}`, firstname: 'Rhea', lastname: `Record${suffix}`, email: `rec_${suffix}@example.test`, password: 'record-password-1' };

describe('the verifiable record on the trader page (Chromium)', () => {
  let browser: Browser;
  let traderId: number;

  beforeAll(async () => {
    browser = await launch();
    const adminToken = await adminApiToken();
    const created = await createVerifiedTrader(adminToken, trader);
    const token = created.token;
    traderId = created.traderId;
    // One trade opened and closed at the market (crypto: open around the clock).
    const opened = await call('/trader/trades', { method: 'POST', token, body: { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 } });
    await call(`/trader/trades/${opened.trade.id}/close`, { method: 'POST', token, body: {} });
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    it(`${width} px: position history, risk explained, the record's head as the API serves it; axe passes`, async () => {
      const heads = await call(`/traders/${traderId}/record/heads`);
      const head = heads.items[heads.items.length - 1];
      expect(head).toMatchObject({ seq: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const context: BrowserContext = await newContext(browser, { width, height, axe: true });
      try {
        const page = await context.newPage();
        await page.goto(`/traderinfo/${traderId}`);
        const history = page.getByRole('table', { name: 'Closed positions' });
        const row = history.getByRole('row').filter({ hasText: 'BTCUSDT' });
        await row.waitFor();
        expect(await history.getByRole('columnheader').allTextContents()).toEqual(['Symbol', 'Side', 'Allocation', 'Entry', 'Exit', 'Closed', 'Held', 'PnL', 'Reason']);
        expect(await row.textContent()).toMatch(/10%.*By the trader/);
        const risk = page.getByRole('region', { name: 'Risk score' });
        await risk.getByTestId('risk-score-value').getByText(/^\d+\/10$/).waitFor();
        await risk.getByText(/It is set by the larger of two estimates of a bad day/).waitFor();
        await risk.getByRole('figure', { name: `${trader.firstname} ${trader.lastname}: risk score, last 90 days` }).waitFor();
        const section = page.getByRole('region', { name: 'Verifiable record' });
        await section.getByTestId('record-head').getByText(head.hash).waitFor();
        expect(await section.getByTestId('record-seq').textContent()).toBe('1');
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `trader-record-${width}`);
        if (width === 390) expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
        expect((await runAxe(page)).serious).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
