import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminApiToken, signInAdminByApi } from './support/admin';
import { runAxe } from './support/axe';
import { launch, newContext, screenshot } from './support/browser';
import { call, signInByApi } from './support/accounts';

/**
 * Deposits by bank transfer (product.md §12.6) in Chromium against the real server, at 1280 px and 390 px: the user
 * sees the instructions with their reference; the admin matches a transfer by that reference ("Match a transfer":
 * review, a dialog naming the user, confirm); the user's available balance shows it. axe-core finds no serious or
 * critical violation in those states, and nothing scrolls sideways at 390 px.
 */
const suffix = randomBytes(3).toString('hex');

describe('bank-transfer deposits (Chromium, 1280 px and 390 px)', () => {
  let browser: Browser;
  let adminToken: string;
  let adminContext: BrowserContext;
  let admin: Page;
  beforeAll(async () => {
    browser = await launch();
    adminToken = await adminApiToken();
    // one admin session for both widths (a sign-in spends a 2FA code): the viewport changes per case
    adminContext = await newContext(browser, { width: 1280, height: 900, axe: true });
    await signInAdminByApi(adminContext);
    admin = await adminContext.newPage();
  });
  afterAll(async () => {
    await adminContext?.close();
    await browser?.close();
  });

  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    it(`at ${width} px: the user sees the instructions, the admin matches the transfer, the balance shows it; axe 0 serious`, async () => {
      const person = { username: `payer_${width}_${suffix}`, firstname: 'Paula', lastname: `Payer${width}`, email: `payer_${width}_${suffix}@example.test`, password: 'payer-password-1' };
      const created = await call('/user/create', { method: 'POST', token: adminToken, body: { ...person, roles: ['User'] } });
      await call('/user/update', { method: 'PATCH', token: adminToken, body: { userId: created.user?.id ?? created.user?._id ?? created.id, KYC: 'Verified' } });

      const context = await newContext(browser, { width, height, axe: true });
      const page = await context.newPage();
      await admin.setViewportSize({ width, height });
      const problems: string[] = [];
      const check = async (on: Page, state: string) => {
        for (const v of (await runAxe(on)).serious) problems.push(`${state}: ${v}`);
        if (width === 390) {
          const scrollWidth = (await on.evaluate('document.documentElement.scrollWidth')) as number;
          if (scrollWidth > 390) problems.push(`${state}: scrolls sideways (${scrollWidth} px)`);
        }
        await screenshot(on, `deposits-${width}-${state}`);
      };
      try {
        await signInByApi(context, person.email, person.password);
        await page.goto('/userdashboard/wallet');
        const instructions = page.getByRole('region', { name: 'Deposit by bank transfer' });
        const referenceText = instructions.getByTestId('deposit-reference');
        await referenceText.waitFor();
        const reference = (await referenceText.innerText()).trim();
        expect(reference).toMatch(/^ML-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
        for (const text of ['GB33 BUKB 2020 1555 5555 55', 'BUKBGB22', 'Usually within 1 business day']) await instructions.getByText(text).waitFor();
        await instructions.getByRole('button', { name: 'Copy reference' }).waitFor();
        await page.getByRole('form', { name: 'Demo deposit request' }).waitFor();
        await check(page, 'instructions');

        await admin.goto('/admindashboard/transactionmanagement');
        const form = admin.getByRole('form', { name: 'Match a transfer' });
        await form.getByLabel('Reference').fill(reference.toLowerCase());
        await form.getByLabel('Amount received').fill('1250.75');
        await form.getByLabel('Bank transaction id').fill(`BNK-${width}-${suffix}`);
        await form.getByRole('button', { name: 'Review' }).click();
        const dialog = admin.getByRole('dialog', { name: `Credit $1,250.75 to ${person.username}?` });
        await dialog.getByText(`${person.username} (${person.email})`).waitFor();
        await dialog.getByText(`BNK-${width}-${suffix}`).waitFor();
        await check(admin, 'match-dialog');
        await dialog.getByRole('button', { name: 'Credit transfer' }).click();
        await admin.getByRole('status').getByText(`$1,250.75 credited to ${person.username}`).waitFor();
        await dialog.waitFor({ state: 'detached' });

        await page.reload();
        await page.getByTestId('balance').getByText('$1,250.75').waitFor();
        await page.getByRole('table', { name: 'Transactions' }).getByText('Approved').first().waitFor();
        await check(page, 'credited');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
