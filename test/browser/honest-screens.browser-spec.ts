import type { Browser } from 'playwright-core';
import { adminApiToken } from './support/admin';
import { runAxe } from './support/axe';
import { launch, newContext, screenshot } from './support/browser';
import { call, signInByApi } from './support/accounts';
import { traderAndFundedCopier } from './support/copier';

/**
 * Honest screens (product.md §12.6) in Chromium against the real server (DEMO_DATA on) and its simulated market, at
 * 1280 px and 390 px: the demo traders carry their demo copiers' AUM; a new user's portfolio chart after one deposit
 * is a 0.00 % return, and its Equity view marks the deposit; the portfolio and "My copies" show one live equity per
 * copy at the same instant. axe-core finds no serious or critical violation, and nothing scrolls sideways at 390 px.
 */
/** A trader, and a new user who deposited 1,000.00 (they copy the trader with 300.00 in the tests). */
const newCopier = (adminToken: string, tag: string) =>
  traderAndFundedCopier(adminToken, tag, { lead: ['Hana', 'Honest'], copier: ['Hugo', 'Newcomer'] });

describe('honest screens (Chromium, DEMO_DATA, 1280 px and 390 px)', () => {
  let browser: Browser;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launch();
    adminToken = await adminApiToken();
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    it(`at ${width} px: demo AUM, a deposit is a 0.00 % return and a marker, one live equity per copy; axe 0 serious`, async () => {
      const who = await newCopier(adminToken, String(width));
      const context = await newContext(browser, { width, height, axe: true });
      const page = await context.newPage();
      const problems: string[] = [];
      const check = async (state: string) => {
        for (const v of (await runAxe(page)).serious) problems.push(`${state}: ${v}`);
        if (width === 390) {
          const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
          if (scrollWidth > 390) problems.push(`${state}: scrolls sideways (${scrollWidth} px)`);
        }
        await screenshot(page, `honest-${width}-${state}`);
      };
      try {
        // The demo traders' figures are their demo copiers': AUM above $0.00 and followers on the cards.
        await page.goto('/traders');
        const sofia = page.getByRole('article').filter({ hasText: 'Sofia Marin' }).first();
        await sofia.waitFor();
        expect(await sofia.textContent()).toMatch(/AUM\s*\$[1-9][\d,]*\.\d\d/);
        expect(await sofia.textContent()).toMatch(/[1-9]\d* copiers? · /);
        await check('traders-demo-aum');

        // One deposit, no trade: the return chart is 0.00 %, the Equity view marks the deposit.
        await signInByApi(context, who.copier.email, who.copier.password);
        await page.goto('/userdashboard');
        await page.getByRole('heading', { name: 'Performance, last 90 days' }).waitFor();
        await page.getByRole('figure', { name: 'Your time-weighted return, last 90 days' }).waitFor();
        await page.getByTestId('twr').getByText('0.00%').waitFor();
        await check('return-chart');
        await page.getByRole('button', { name: 'Equity', exact: true }).click();
        await page.getByRole('figure', { name: 'Your equity, last 90 days' }).waitFor();
        const rows = (await page.getByRole('table', { name: 'Your equity, last 90 days' }).textContent()) ?? '';
        expect(rows).toMatch(/\d{4}-\d\d-\d\d \(Deposit \$1,000\.00\)\$1,000\.00/);
        await check('equity-chart-markers');

        // A copy with an open position: the portfolio's row and My copies' row show the same live equity at the same instant.
        await call('/copies', { method: 'POST', token: who.copierToken, body: { traderId: who.traderId, amount: '300.00' }, idempotent: true });
        await call('/trader/trades', { method: 'POST', token: who.traderToken, body: { symbol: 'BTCUSDT', side: 'buy', allocationPct: 40 } });
        await page.goto('/userdashboard');
        const myCopies = page.getByRole('table', { name: 'My copies' });
        await myCopies.getByTestId('copy-live-equity').waitFor();
        await page.getByTestId(`copy-${who.traderName}`).getByTestId('live-equity').waitFor();
        await page.getByRole('status').getByText('● Live').first().waitFor();
        for (let i = 0; i < 3; i++) {
          // both read in one evaluate: one instant of the page
          const [portfolio, mine] = (await page.evaluate(`(() => {
            const row = document.querySelector('[data-testid="copy-${who.traderName}"] [data-testid="live-equity"]');
            const cell = document.querySelector('table[aria-label="My copies"] [data-testid="copy-live-equity"]');
            return [row && row.textContent, cell && cell.textContent];
          })()`)) as [string | null, string | null];
          expect(portfolio).toMatch(/^\$[\d,]+\.\d\d$/);
          expect(mine).toBe(portfolio);
        }
        await page.getByTestId('copies-explained').getByText(/Divergence/).waitFor();
        await check('one-live-row');
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
