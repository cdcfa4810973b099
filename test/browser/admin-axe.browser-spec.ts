import type { Browser, BrowserContext, Page } from 'playwright-core';
import { withAxe } from './support/axe';
import { launch, newContext, screenshot } from './support/browser';
import { adminApiToken, signInAdminJs } from './support/admin';
import { call, createUser, login, submitKyc, type Person } from './support/accounts';

/**
 * AdminJS: axe-core on every page of the back-office — its login, the dashboard (which is the Users list), every
 * resource's list and first record, and a record action's confirmation — finds no critical or serious violation
 * beyond the allow-list below, in the product's dark theme (admin-theme.ts). The fixes are configuration (theme colour, locale), the dashboard
 * component and apps/api/src/admin/admin-a11y.ts (names for the filter drawer's controls). There is no edit
 * page: AdminJS edits nothing raw here (new/edit/delete are off for every resource, docs/admin.md).
 */
/** Every resource the back-office lists (apps/api/src/admin/admin-resources.ts). */
const RESOURCES = ['UserEntity', 'KycSubmissionEntity', 'AuditLogEntity', 'WalletTransactionEntity', 'LedgerAccountEntity', 'LedgerTransactionEntity', 'LedgerEntryEntity'];

/**
 * Critical or serious hits AdminJS's bundled markup makes impossible to fix from its configuration, each with why.
 * `rule` is the axe rule id, `target` a part of the offending element's selector. Keep this list short:
 * anything a theme colour, a label, a custom component or the a11y script can fix does not belong here.
 */
const ALLOWED: { rule: string; target: string; why: string }[] = [];

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string; colors: string }[] }

async function axe(page: Page): Promise<AxeViolation[]> {
  await withAxe(page);
  return (await page.evaluate(
    'window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 160), colors: (n.any || []).map((c) => c.data && c.data.fgColor ? c.data.fgColor + " on " + c.data.bgColor + " " + c.data.contrastRatio : "").join("") })) })))',
  )) as AxeViolation[];
}

/**
 * To a back-office page through AdminJS's own router, as its sidebar links go (no reload): the page is the same,
 * without loading the back-office's bundle again (2–3 s a load on the shared machine).
 */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate(`history.pushState({}, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
}

/** A list page once its records (or its "No records" box) are on screen. */
async function openList(page: Page, resource: string): Promise<boolean> {
  await go(page, `/admin/resources/${resource}`);
  const row = page.locator(`[data-css="${resource}-table-row"]`).first();
  await row.or(page.getByText('No records', { exact: true })).first().waitFor();
  return row.isVisible();
}

describe('AdminJS back-office in the dark theme: no critical or serious axe-core violation (Chromium)', () => {
  let browser: Browser;
  let ctx: BrowserContext;
  const critical: string[] = [];
  const serious: string[] = [];
  let runs = 0;
  /** A user this spec made, not blocked: Block is on its page whatever other specs did to the first rows. */
  let userId = '';

  async function check(page: Page, name: string): Promise<void> {
    runs += 1;
    for (const v of await axe(page)) {
      const targets = v.nodes
        .map((n) => `${n.target.join(' ')} ${n.html}${n.colors ? ` [${n.colors}]` : ''}`)
        .filter((target) => !ALLOWED.some((a) => a.rule === v.id && target.includes(a.target)));
      if (targets.length === 0) continue;
      const line = `${name}: ${v.impact} ${v.id} (${v.help}): ${targets.slice(0, 3).join(', ')}`;
      if (v.impact === 'critical') critical.push(line);
      else if (v.impact === 'serious') serious.push(line);
    }
  }

  /** A record in every resource: users (and their audit entries), a pending KYC submission, an approved deposit (ledger). */
  async function recordsEverywhere(): Promise<void> {
    const token = await adminApiToken(); // enrols the admin's 2FA the first time in the run
    const suffix = Date.now().toString(36);
    const person = (name: string): Person => ({ username: `${name}_${suffix}`, firstname: 'Axe', lastname: 'Core', email: `${name}_${suffix}@mirrorline.test`, password: 'a-strong-password' });
    const applicant = person('axe_kyc');
    const depositor = person('axe_deposit');
    for (const who of [applicant, depositor]) await createUser(token, who);
    await submitKyc(applicant);
    const depositorId = ((await call(`/user/get-all?search=${depositor.username}`, { token })).users as Array<{ _id: string }>)[0]._id;
    userId = depositorId;
    await call('/user/update', { method: 'PATCH', token, body: { userId: depositorId, KYC: 'Verified' } });
    const deposit = await call('/wallet/deposit', { method: 'POST', token: await login(depositor.email, depositor.password), body: { amount: '50.00' }, idempotent: true });
    await call(`/admin/transactions/${deposit.id}/approve`, { method: 'POST', token, idempotent: true });
  }

  beforeAll(async () => {
    await recordsEverywhere();
    browser = await launch();
    ctx = await newContext(browser, { axe: true });
  });
  afterAll(async () => {
    console.log(`AdminJS axe runs: ${runs}; serious: ${serious.length}\n${serious.join('\n')}`);
    await browser?.close();
  });

  it('login, dashboard, every list and record, a confirmation: no critical or serious hit outside the allow-list', async () => {
    const page = await ctx.newPage();
    await page.goto('/admin/login');
    await page.locator('input[name="code"]').waitFor();
    // the product's dark theme (apps/api/src/admin/admin-theme.ts): the page's own text colour on the darkest surface
    expect(await page.evaluate('[getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]')).toEqual([
      'rgb(230, 237, 247)',
      'rgb(11, 20, 38)',
    ]);
    await screenshot(page, 'adminjs-login');
    await check(page, 'login');

    await signInAdminJs(page);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/resources/UserEntity');
    await page.locator('[data-css="UserEntity-table-row"]').first().waitFor();
    await screenshot(page, 'adminjs-users-list');
    await check(page, 'dashboard (/admin)');

    for (const resource of RESOURCES) {
      expect([resource, await openList(page, resource)]).toEqual([resource, true]);
      await check(page, `${resource} list`);
      await page.locator(`[data-css="${resource}-table-row"]`).first().click();
      await page.waitForURL(/\/show$/);
      await page.locator(`[data-css^="${resource}-show-"]`).first().waitFor();
      await check(page, `${resource} show`);
    }

    // the filter drawer opened, with its inputs and selects
    await openList(page, 'UserEntity');
    await page.locator('[data-css="UserEntity-filter-button"]').click();
    await page.locator('form[data-css="UserEntity-filter-drawer"] input[name="filter-email"]').waitFor();
    await check(page, 'Users filter drawer');

    // a user's page and a record action's confirmation (Block asks first)
    await go(page, `/admin/resources/UserEntity/records/${userId}/show`);
    await page.locator('[data-css="UserEntity-show-email"]').waitFor();
    await screenshot(page, 'adminjs-user-show');
    await check(page, 'a user (show)');
    await page.locator('[data-css="UserEntity-block-button"]').click();
    const question = page.getByText('Block?', { exact: true });
    await question.waitFor();
    await screenshot(page, 'adminjs-axe-block-confirmation');
    await check(page, 'Block confirmation');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await question.waitFor({ state: 'detached' });

    expect(critical).toEqual([]);
    expect(serious).toEqual([]);
  });
});
