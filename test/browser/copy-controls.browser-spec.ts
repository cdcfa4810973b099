import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { adminApiToken } from './support/admin';
import { launch, screenshot } from './support/browser';
import { call, claims, createVerifiedUser, login, signIn } from './support/accounts';
import { browserEnv } from './support/server';

/**
 * The copier's controls (product.md §12.1, §12.2) in Chromium against the real server and its simulated market, at
 * 1280 px and 390 px: edit a copy's guards, close one copied position, stop with "close all now" (styled dialogs,
 * no native confirm), and the simulation in the copy dialog. axe-core finds no serious or critical violation in
 * any of those states, and nothing scrolls sideways at 390 px. Accounts and trades are set up through the API.
 */
const AXE = readFileSync(join(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const suffix = randomBytes(3).toString('hex');

async function axeSerious(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: AXE });
  const violations = (await page.evaluate(
    'window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")) })))',
  )) as Array<{ id: string; impact: string | null; nodes: string[] }>;
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).join(', ')}`);
}

/** A trader with two open crypto trades and a copier who copies them with 300.00 (and 700.00 left in cash). */
async function copierWithPositions(adminToken: string, tag: string) {
  const person = (role: string) => ({
    username: `${role}_${tag}_${suffix}`,
    firstname: role === 'lead' ? 'Cora' : 'Colin',
    lastname: `${role === 'lead' ? 'Controls' : 'Copier'}${tag}${suffix}`,
    email: `${role}_${tag}_${suffix}@example.test`,
    password: `${role}-password-1`,
  });
  const trader = person('lead');
  const copier = person('copier');
  for (const [who, roles] of [[trader, ['User', 'Trader']], [copier, ['User']]] as const) await createVerifiedUser(adminToken, who, roles);
  const traderToken = await login(trader.email, trader.password);
  const traderId = claims(traderToken).traderID as number;
  const copierToken = await login(copier.email, copier.password);
  const deposit = await call('/wallet/deposit', { method: 'POST', token: copierToken, body: { amount: '1000.00' }, idempotent: true });
  await call(`/admin/transactions/${deposit.id}/approve`, { method: 'POST', token: adminToken, idempotent: true });
  await call('/copies', { method: 'POST', token: copierToken, body: { traderId, amount: '300.00' }, idempotent: true });
  for (const symbol of ['BTCUSDT', 'ETHUSDT']) await call('/trader/trades', { method: 'POST', token: traderToken, body: { symbol, side: 'buy', allocationPct: 30 } });
  return { copier, traderName: `${trader.firstname} ${trader.lastname}` };
}

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
      // bypassCSP: only so that axe-core can be injected (as spa-quality does)
      const context = await browser.newContext({ baseURL: browserEnv().baseUrl, viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500, bypassCSP: true });
      await context.route(/tradingview/, (route) => route.abort());
      const page = await context.newPage();
      const problems: string[] = [];
      const check = async (state: string) => {
        for (const v of await axeSerious(page)) problems.push(`${state}: ${v}`);
        if (width === 390) {
          const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
          if (scrollWidth > 390) problems.push(`${state}: scrolls sideways (${scrollWidth} px)`);
        }
        await screenshot(page, `copy-controls-${width}-${state}`);
      };
      try {
        await signIn(page, copier.email, copier.password);

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
        await whatIf.getByRole('img', { name: /^Simulated equity from \$200\.00 to \$[\d,]+\.\d\d$/ }).waitFor({ timeout: 60_000 });
        await whatIf.getByText('Would be worth').waitFor();
        await check('copy-dialog-simulation');
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
