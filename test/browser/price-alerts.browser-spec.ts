import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { adminApiToken } from './support/admin';
import { launch, newContext, screenshot } from './support/browser';
import { call, createUser, login, signInByApi } from './support/accounts';
import { runAxe } from './support/axe';

/**
 * Watchlist and price alerts in Chromium against the real server (product.md §12.5), at 1280 and 390 px: a user stars
 * an instrument on /markets and sees it in the watchlist with its live price, opens it, creates an alert that the
 * market has already crossed (it fires at once, in the request) and one that it has not (it stays active), and finds
 * the triggered one in the bell. The browser tier's server runs the simulated market (every second, a random walk),
 * not the test feed, so a crossing the spec could drive is the creation's: a quote crossing an active alert is the
 * e2e spec's (test/price-alerts.e2e-spec.ts, driven by the test feed). No serious axe violation.
 */
describe('watchlist and price alerts (Chromium)', () => {
  let browser: Browser;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launch();
    adminToken = await adminApiToken();
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    it(`${width} px: star ETHUSDT, see it watched live, create alerts (one fires at once), see it in the bell; axe passes`, async () => {
      const suffix = randomBytes(3).toString('hex');
      const person = { username: `alert_${suffix}`, firstname: 'Alma', lastname: `Alert${suffix}`, email: `alert_${suffix}@example.test`, password: 'alert-password-1' };
      await createUser(adminToken, person);
      const context: BrowserContext = await newContext(browser, { width, height, axe: true });
      try {
        await signInByApi(context, person.email, person.password);
        const page = await context.newPage();
        await page.goto('/markets');
        await page.getByText('Nothing watched yet').waitFor();
        await page.getByRole('button', { name: 'Add ETHUSDT to my watchlist' }).click();
        const watchlist = page.getByRole('table', { name: 'My watchlist' });
        await watchlist.getByTestId('watch-bid-ETHUSDT').getByText(/^\d{1,3}(,\d{3})*\.\d{2}$/).waitFor();
        expect((await call('/me/watchlist', { token: await login(person.email, person.password) })).symbols).toEqual(['ETHUSDT']);
        await screenshot(page, `watchlist-${width}`);
        if (width === 390) expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
        expect((await runAxe(page)).serious).toEqual([]);

        await watchlist.getByRole('link', { name: 'ETHUSDT' }).click();
        const form = page.getByRole('form', { name: 'New price alert on ETHUSDT' });
        const price = form.getByLabel('Price');
        // prefilled from the live bid (its hint names it once there is one)
        await form.getByText(/^Bid now /).waitFor();
        const bid = Number(await price.inputValue());
        expect(bid).toBeGreaterThan(0);
        // at or above half the bid: the market already is, so it fires at once
        await price.fill((bid / 2).toFixed(2));
        await form.getByLabel('When the bid is').selectOption('above');
        await form.getByRole('button', { name: 'Create alert' }).click();
        const list = page.getByRole('list', { name: 'My alerts on ETHUSDT' });
        await page.getByText('The price is already there: the alert fired at once').waitFor();
        await list.getByText(/^Triggered at /).waitFor();
        // twice the bid: stays active
        await price.fill((bid * 2).toFixed(2));
        await form.getByLabel('When the bid is').selectOption('above');
        await form.getByRole('button', { name: 'Create alert' }).click();
        await list.getByText('Active').waitFor();
        expect(await list.getByRole('listitem').count()).toBe(2);

        // the triggered alert raised a notification: the bell counts it
        const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
        await bell.waitFor();
        await bell.click();
        await page.locator('#bell-panel').getByText(`ETHUSDT is at or above ${(bid / 2).toFixed(2)}`).waitFor();
        await screenshot(page, `price-alerts-${width}`);
        if (width === 390) expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
        expect((await runAxe(page)).serious).toEqual([]);

        await page.keyboard.press('Escape');
        await list.getByRole('button', { name: `Delete alert: At or above ${(bid * 2).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` }).click();
        await list.getByText('Active').waitFor({ state: 'detached' });
        expect(await list.getByRole('listitem').count()).toBe(1);
      } finally {
        await context.close();
      }
    });
  }
});
