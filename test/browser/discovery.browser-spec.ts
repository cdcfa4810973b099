import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminApiToken } from './support/admin';
import { launch, newContext, screenshot } from './support/browser';
import { call, createUser, createVerifiedTrader, signInByApi } from './support/accounts';
import { runAxe } from './support/axe';

/**
 * Discovery on the traders page in Chromium against the real server (product.md §12.3): the period tabs change the
 * URL and the figures (each card shows what GET traders/?period= answers), a chip filters, a reload keeps the state,
 * a trader whose history is shorter than the period says "since <date>", and a signed-in user's Copy-ready chip
 * asks the API with the caller; at 1280 and at 390 px (no sideways scroll), with no serious axe violation.
 */
const suffix = randomBytes(3).toString('hex');
const trader = { username: `disc_${suffix}`, firstname: 'Dina', lastname: `Disc${suffix}`, email: `disc_${suffix}@example.test`, password: 'discovery-password-1' };
const visitor = { username: `discv_${suffix}`, firstname: 'Vic', lastname: `Visitor${suffix}`, email: `discv_${suffix}@example.test`, password: 'discovery-password-2' };
const traderName = `${trader.firstname} ${trader.lastname}`;

interface ListAnswer {
  items: Array<{ name: string; roi: number; riskScore: number; newTrader: boolean; minCopyAmount: string }>;
}

/** As the SPA writes a percentage (lib/money formatPercent, signed). */
const percent = (n: number): string => {
  const fixed = Math.abs(n).toFixed(2);
  const sign = Number(fixed) === 0 ? '' : n < 0 ? '-' : '+';
  return `${sign}${fixed.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}%`;
};
const day = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The list answer the page asks for next (its URL contains `part`), after `act`. */
async function listAfter(page: Page, part: string, act: () => Promise<unknown>): Promise<ListAnswer> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/traders?') && r.url().includes(part) && r.status() === 200), act()]);
  return (await response.json()) as ListAnswer;
}

/** Each card shows the answer's trader at its place, with the answer's ROI for the period. */
async function expectCardsShow(page: Page, answer: ListAnswer): Promise<void> {
  const cards = page.locator('article.trader-card');
  await page.waitForFunction(`document.querySelectorAll('article.trader-card').length === ${answer.items.length}`);
  for (const [i, item] of answer.items.slice(0, 3).entries()) {
    const card = cards.nth(i);
    expect(await card.getByRole('heading').first().textContent()).toBe(item.name);
    if (!item.newTrader) expect(await card.getByTestId('period-roi').textContent()).toBe(percent(item.roi));
  }
}

describe('discovery on the traders page (Chromium)', () => {
  let browser: Browser;
  let historyStart: string;

  beforeAll(async () => {
    browser = await launch();
    const adminToken = await adminApiToken();
    const { token, traderId } = await createVerifiedTrader(adminToken, trader);
    // Ten trades opened and closed at the market (crypto: open around the clock), so that the card shows its ROI
    // (under ten it says "New trader"): a history of one day.
    for (let i = 0; i < 10; i++) {
      const opened = await call('/trader/trades', { method: 'POST', token, body: { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 }, idempotent: true });
      await call(`/trader/trades/${opened.trade.id}/close`, { method: 'POST', token, body: {} });
    }
    historyStart = (await call(`/traders/${traderId}`)).historyStart;
    await createUser(adminToken, visitor);
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    it(`${width} px: tabs change the URL and the figures, a chip filters, a reload keeps both; "since <date>"; axe passes`, async () => {
      const context: BrowserContext = await newContext(browser, { width, height, axe: true });
      try {
        const page = await context.newPage();
        // A trader with one day of history: 30D (the default) is "since" that day; All is All.
        await page.goto(`/traders?q=${trader.lastname}`);
        const card = page.locator('article.trader-card').filter({ has: page.getByRole('heading', { name: traderName }) });
        await card.getByText(`ROI since ${day(historyStart)}`).waitFor();
        const tabs = page.getByRole('group', { name: 'Period' });
        await tabs.getByRole('button', { name: 'All' }).click();
        await page.waitForURL(/period=all/);
        await card.getByText('ROI All', { exact: true }).waitFor();

        // The demo's traders: each tab asks for its period and the cards show that answer.
        const week = await listAfter(page, 'period=7d', () => page.goto('/traders?period=7d'));
        await expectCardsShow(page, week);
        expect(await tabs.getByRole('button', { name: '7D' }).getAttribute('aria-pressed')).toBe('true');
        const quarter = await listAfter(page, 'period=90d', () => tabs.getByRole('button', { name: '90D' }).click());
        expect(page.url()).toMatch(/period=90d/);
        await expectCardsShow(page, quarter);

        // A chip filters (the API's maxRisk): every card left has a risk score of 6 at most.
        const calm = await listAfter(page, 'maxRisk=6', () => page.getByRole('button', { name: 'Risk ≤ 6' }).click());
        expect(page.url()).toMatch(/maxRisk=6/);
        expect(calm.items.every((x) => x.riskScore <= 6)).toBe(true);
        await expectCardsShow(page, calm);
        for (const text of await page.getByTestId('risk-score').allTextContents()) expect(Number(text.split('/')[0])).toBeLessThanOrEqual(6);

        // A reload keeps the period, the chip and the list.
        const reloaded = await listAfter(page, 'maxRisk=6', () => page.reload());
        expect(page.url()).toMatch(/period=90d/);
        expect(await tabs.getByRole('button', { name: '90D' }).getAttribute('aria-pressed')).toBe('true');
        expect(await page.getByRole('button', { name: 'Risk ≤ 6' }).getAttribute('aria-pressed')).toBe('true');
        await expectCardsShow(page, reloaded);
        // A visitor is not offered Copy-ready.
        expect(await page.getByRole('button', { name: 'Copy-ready' }).count()).toBe(0);
        await screenshot(page, `discovery-${width}`);
        if (width === 390) expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
        expect((await runAxe(page)).serious).toEqual([]);

        if (width === 1280) {
          // Signed in with no cash: Copy-ready asks the API as this caller, and no trader's minimum (≥ 10.00) is covered.
          await signInByApi(context, visitor.email, visitor.password);
          await page.goto('/traders');
          const ready = await listAfter(page, 'copyReady=true', () => page.getByRole('button', { name: 'Copy-ready' }).click());
          expect(page.url()).toMatch(/copyReady=true/);
          expect(ready.items).toEqual([]);
          await page.getByText('No traders match these filters').waitFor();
          expect((await runAxe(page)).serious).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }
});
