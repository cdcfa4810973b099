import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminApiToken } from './support/admin';
import { launch, newPage, screenshot, settled, until } from './support/browser';
import { call, claims, login, signInByApi } from './support/accounts';

/**
 * The trader page's charts (equity curve with 1M 3M 1Y All, monthly returns, open positions, copier trend) and the
 * copy dialog's "also copy the trader's open trades at today's price", in Chromium against the real server and
 * its simulated market. The accounts are set up through the API.
 */
const suffix = randomBytes(3).toString('hex');
const trader = { username: `lead_${suffix}`, firstname: 'Lena', lastname: `Lead${suffix}`, email: `lead_${suffix}@example.test`, password: 'lead-password-1' };
const late = { username: `late_${suffix}`, firstname: 'Lars', lastname: 'Late', email: `late_${suffix}@example.test`, password: 'late-password-1' };
const traderName = `${trader.firstname} ${trader.lastname}`;


/** The equity curve's name on its default period, 1Y: "last year", or "since Oct 27, 2026" over a shorter history. */
const YEAR_CURVE = /: equity curve, (last year|since [A-Z][a-z]{2} \d{1,2}, \d{4})$/;

describe('trader page charts and copying open trades (Chromium, simulated market)', () => {
  let browser: Browser;
  let visitor: { context: BrowserContext; page: Page };
  let copier: { context: BrowserContext; page: Page };
  let traderId: number;

  beforeAll(async () => {
    browser = await launch();
    visitor = await newPage(browser);
    copier = await newPage(browser);
    const adminToken = await adminApiToken();
    for (const [who, roles] of [[trader, ['User', 'Trader']], [late, ['User']]] as const) {
      const created = await call('/user/create', { method: 'POST', token: adminToken, body: { ...who, roles } });
      const userId = created.user?.id ?? created.user?._id ?? created.id;
      await call('/user/update', { method: 'PATCH', token: adminToken, body: { userId, KYC: 'Verified' } });
    }
    const traderToken = await login(trader.email, trader.password);
    traderId = claims(traderToken).traderID;
    const lateToken = await login(late.email, late.password);
    const deposit = await call('/wallet/deposit', { method: 'POST', token: lateToken, body: { amount: '1000.00' }, idempotent: true });
    await call(`/admin/transactions/${deposit.id}/approve`, { method: 'POST', token: adminToken, idempotent: true });
    // The trader has a trade open before the copier arrives (crypto: open around the clock; at the market).
    await call('/trader/trades', { method: 'POST', token: traderToken, body: { symbol: 'BTCUSDT', side: 'buy', allocationPct: 40 } });
  });
  afterAll(() => browser?.close());

  it('a demo trader\'s page draws the equity curve with axes, switches periods, and shows monthly returns and the copier trend', async () => {
    const { page } = visitor;
    await page.goto('/traders');
    // the cards carry the 30-day equity-curve sparkline
    await page.getByRole('img', { name: /: equity curve, last 30 days, [+-]?\d/ }).first().waitFor();
    await page.getByRole('link', { name: /^View profile of / }).first().click();
    await page.waitForURL(/\/traderinfo\/\d+/);
    const periods = page.getByRole('group', { name: 'Equity curve period' });
    await periods.waitFor();
    // 1Y first; a history shorter than a year says since when (product.md §12.3: the demo's is about a month).
    const chart = page.getByRole('figure', { name: YEAR_CURVE });
    await chart.waitFor();
    // polled in Node (the app's CSP forbids the eval behind page.waitForFunction)
    await until(async () => Number(await chart.getAttribute('data-points')) > 2, 'the year curve has more than 2 points');
    await chart.locator('canvas').first().waitFor();
    // the price axis is drawn (lightweight-charts draws the scale in its own canvas cell)
    expect(await chart.locator('canvas').count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('link', { name: 'Charting by TradingView' }).first().waitFor();
    const yearPoints = Number(await chart.getAttribute('data-points'));
    await screenshot(page, 'trader-page-equity-1y');
    await periods.getByRole('button', { name: '1M' }).click();
    // a history shorter than the month says since when, like the year's
    const month = page.getByRole('figure', { name: /: equity curve, (last month|since [A-Z][a-z]{2} \d{1,2}, \d{4})$/ });
    await month.waitFor();
    expect(await periods.getByRole('button', { name: '1M' }).getAttribute('aria-pressed')).toBe('true');
    expect(Number(await month.getAttribute('data-points'))).toBeLessThanOrEqual(yearPoints);
    await periods.getByRole('button', { name: 'All' }).click();
    await page.getByRole('figure', { name: /: equity curve, since the first trade$/ }).waitFor();
    await page.getByTestId('period-return').getByText(/Return since the first trade: [+-]?\d/).waitFor();
    // monthly returns and the copier trend
    const months = page.getByRole('table', { name: 'Monthly returns' });
    await months.waitFor();
    expect(await months.getByRole('row').count()).toBeGreaterThan(1);
    await page.getByRole('figure', { name: /: copiers, last 30 days$/ }).waitFor();
    await screenshot(page, 'trader-page-charts');
  });

  it('the new trader\'s page lists its open position without a size; the copier copies it at today\'s price from the dialog', async () => {
    const { context, page } = copier;
    await signInByApi(context, late.email, late.password);
    await page.goto(`/traderinfo/${traderId}`);
    const open = page.getByRole('table', { name: 'Open positions' });
    const row = open.getByRole('row').filter({ hasText: 'BTCUSDT' });
    await row.waitFor();
    expect(await open.getByRole('columnheader').allTextContents()).toEqual(['Symbol', 'Side', 'Unrealized PnL', 'Opened']);
    await row.getByText(/%|no live price/).first().waitFor();

    await page.getByRole('button', { name: 'Copy trader' }).click();
    const dialog = page.getByRole('dialog', { name: `Copy ${traderName}` });
    await dialog.getByTestId('available').getByText('$1,000.00').waitFor();
    await dialog.getByLabel('Amount', { exact: true }).fill('200.00');
    const option = dialog.getByRole('checkbox', { name: "Also copy the trader's open trades at today's price" });
    expect(await option.isChecked()).toBe(false);
    await option.check();
    await dialog.getByText(/at the current market price \(not the trader's entry\)/).waitFor();
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText("Copied at today's price").waitFor();
    await screenshot(page, 'copy-dialog-open-trades');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').getByText(`You are now copying ${traderName}, with 1 open trade at today's price`).waitFor();
    await page.getByText(/You copy this trader: equity \$/).waitFor();

    // the position is in the portfolio at once: 40 % of 200.00, its receipt with the trader's fill beside the copier's
    await page.goto('/userdashboard');
    await page.getByRole('button', { name: `Positions of ${traderName}` }).click();
    const position = page.getByTestId('position-BTCUSDT');
    await position.waitFor();
    expect(await position.textContent()).toMatch(/80\.00/);
    expect(await position.textContent()).toMatch(/trader [\d,.]+ · you [\d,.]+ · \d+ (ms|s|min|h|d) · -?\d+\.\d\d bps/);
    await screenshot(page, 'copied-open-trade-receipt');
    await page.getByRole('heading', { name: 'Performance, last 90 days' }).waitFor();
    await page.getByRole('figure', { name: 'Your time-weighted return, last 90 days' }).waitFor();
  });

  it('phone (390 px): the trader page with its charts has no horizontal page scroll', async () => {
    const { page } = visitor;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/traderinfo/${traderId}`);
    await page.getByRole('figure', { name: YEAR_CURVE }).waitFor();
    await settled(page);
    const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'mobile-trader-page-charts');
  });
});
