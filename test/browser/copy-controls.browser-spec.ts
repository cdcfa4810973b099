import type { Browser } from 'playwright-core';
import { adminApiToken } from './support/admin';
import { runAxe } from './support/axe';
import { launch, newContext, screenshot } from './support/browser';
import { signInByApi } from './support/accounts';
import { copierWithPositions } from './support/copier';

/**
 * The copier's controls (product.md §12.1, §12.2) in Chromium against the real server and its simulated market, at
 * 1280 px and 390 px: edit a copy's guards, close one copied position, stop with "close all now" (styled dialogs,
 * no native confirm), and the simulation in the copy dialog. axe-core finds no serious or critical violation in
 * any of those states, and nothing scrolls sideways at 390 px. Accounts and trades are set up through the API.
 */
describe('copy controls (Chromium, simulated market, 1280 px and 390 px)', () => {
  let browser: Browser;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launch();
    adminToken = await adminApiToken();
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    it(`at ${width} px: guards, close one position, stop and close all, the copy dialog's simulation; axe 0 serious`, async () => {
      const { copier, traderName } = await copierWithPositions(adminToken, String(width));
      const context = await newContext(browser, { width, height, axe: true });
      const page = await context.newPage();
      const problems: string[] = [];
      const check = async (state: string) => {
        for (const v of (await runAxe(page)).serious) problems.push(`${state}: ${v}`);
        if (width === 390) {
          const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
          if (scrollWidth > 390) problems.push(`${state}: scrolls sideways (${scrollWidth} px)`);
        }
        await screenshot(page, `copy-controls-${width}-${state}`);
      };
      try {
        await signInByApi(context, copier.email, copier.password);

        // Guards: the loss accepted and the take profit, with the amounts they stand for
        await page.goto('/userdashboard');
        await page.getByRole('button', { name: 'Guards' }).click();
        const guards = page.getByRole('form', { name: `Guards of the copy of ${traderName}` });
        await guards.getByLabel('Max loss %').fill('40');
        await guards.getByText('Max loss 40% · stops at $180.00').waitFor();
        await guards.getByLabel('Take profit %').fill('50');
        await guards.getByText('+50% · closes at $450.00').waitFor();
        await check('guards');
        await guards.getByRole('button', { name: 'Save guards' }).click();
        await page.getByRole('status').getByText('Copy guards saved').waitFor();

        // Close one copied position at the market: the copy goes on with the other
        await page.goto('/userdashboard/trades');
        const close = page.getByRole('button', { name: 'Close the buy BTCUSDT position' });
        await close.click();
        const closeDialog = page.getByRole('dialog', { name: 'Close your buy BTCUSDT position?' });
        await closeDialog.getByText(new RegExp(`Your copy of ${traderName} goes on`)).waitFor();
        await check('close-position-dialog');
        await closeDialog.getByRole('button', { name: 'Close at the market' }).click();
        await page.getByRole('status').getByText('BTCUSDT position closed').waitFor();
        await close.waitFor({ state: 'detached' });
        expect(await page.getByRole('button', { name: 'Close the buy ETHUSDT position' }).isVisible()).toBe(true);

        // Stop, closing what is left now
        await page.goto('/userdashboard');
        await page.getByRole('button', { name: 'Stop' }).click();
        const stopDialog = page.getByRole('dialog', { name: `Stop copying ${traderName}?` });
        await stopDialog.getByRole('checkbox', { name: /Close all its open position now at the market/ }).check();
        await stopDialog.getByText(/the copy ends/).waitFor();
        await check('stop-dialog');
        await stopDialog.getByRole('button', { name: 'Stop and close all' }).click();
        await page.getByRole('status').getByText('Copy stopped: its equity is back in your balance').waitFor();

        // The copy dialog of a demo trader shows what copying them would have given
        await page.goto('/traders');
        await page.getByRole('link', { name: /^View profile of / }).first().click();
        await page.waitForURL(/\/traderinfo\/\d+/);
        await page.getByRole('button', { name: 'Copy trader' }).first().click();
        const copyDialog = page.getByRole('dialog', { name: /^Copy / });
        await copyDialog.getByLabel('Amount', { exact: true }).fill('200.00');
        await copyDialog.getByRole('button', { name: 'Review' }).click();
        const whatIf = copyDialog.getByRole('region', { name: 'What if you had copied for the last 90 days' });
        await whatIf.getByRole('img', { name: /^Simulated equity from \$200\.00 to \$[\d,]+\.\d\d$/ }).waitFor();
        await whatIf.getByText('Would be worth').waitFor();
        await check('copy-dialog-simulation');
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
