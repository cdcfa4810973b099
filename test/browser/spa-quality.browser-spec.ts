import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newContext, screenshot, settled } from './support/browser';
import { browserEnv } from './support/server';
import { adminApiToken, secondAdminToken, signInAdminByApi } from './support/admin';
import { call, createUser, signInByApi, submitKyc, type Person } from './support/accounts';
import { copierWithPositions } from './support/copier';
import { runAxe } from './support/axe';

/**
 * Every route of the SPA, as a visitor and as a signed-in admin (who may open every dashboard):
 * at 390 px nothing scrolls sideways (document.scrollingElement.scrollWidth ≤ innerWidth), and axe-core finds
 * no serious or critical violation; the same for the states behind dialogs and expanded rows.
 */
const VISITOR_ROUTES = ['/', '/traders', '/aboutus', '/contactus', '/copytrading', '/terms', '/privacy', '/signin', '/register', '/forgotpassword', '/otpverification', '/no-such-page'];
const ADMIN_ROUTES = [
  '/userdashboard',
  '/userdashboard/wallet',
  '/userdashboard/trades',
  '/userdashboard/accountsettings',
  '/userdashboard/security',
  '/userdashboard/kycverification',
  '/trademanagement',
  '/followers',
  '/admindashboard',
  '/admindashboard/usermanagement',
  '/admindashboard/transactionmanagement',
  '/admindashboard/walletmanagement',
  '/admindashboard/kyc',
];

/** A context at this width, axe-ready (the signed-in ones sign in through the API: the form is journey's and security's). */
const context = (browser: Browser, width: number, height: number): Promise<BrowserContext> => newContext(browser, { width, height, axe: true });

/** The document title while the SPA's router moves to the next route (open). */
const NAVIGATING = 'navigating…';

/**
 * Opens a route and waits until its lists have loaded (no skeleton, no spinner left) and it is laid out. The first
 * route of a page is loaded; the next ones are reached through the SPA's own router, as a user's click reaches them
 * (history.pushState and a popstate event): a fresh load costs Chromium about 3 s of CPU (the bundle, axe-core's
 * init script, Playwright's injected script), and these checks are about each screen, not its load (the server
 * answers a deep link with the SPA: foundation.e2e-spec.ts; the other browser specs load their screens directly).
 * The new screen has mounted when it has set its document title (every route sets its own; consecutive routes here
 * differ), cleared to a mark first.
 */
async function open(page: Page, path: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto(path);
  else {
    await page.evaluate(`(() => {
      document.title = '${NAVIGATING}';
      history.pushState(null, '', ${JSON.stringify(path)});
      window.dispatchEvent(new PopStateEvent('popstate'));
      window.scrollTo(0, 0);
    })()`);
    await page.waitForFunction(`document.title !== '${NAVIGATING}'`);
  }
  await page.locator('main h1, main h2, form').first().waitFor();
  await settled(page);
}

/** How wide the page scrolls: more than the window's inner width means it scrolls sideways. */
async function sidewaysWidth(page: Page): Promise<number> {
  const [scrollWidth, innerWidth] = (await page.evaluate('[document.scrollingElement.scrollWidth, window.innerWidth]')) as [number, number];
  return scrollWidth > innerWidth ? scrollWidth : Math.min(scrollWidth, innerWidth);
}

let axeRuns = 0;
let axeMinorOrModerate = 0;
const widths: string[] = [];

async function axe(page: Page): Promise<string[]> {
  const { serious, minorOrModerate } = await runAxe(page);
  axeRuns += 1;
  axeMinorOrModerate += minorOrModerate;
  return serious;
}

describe('every route: phone width and accessibility (Chromium against the real server)', () => {
  let browser: Browser;
  let traderPath = '/traderinfo/1';
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    console.log(`axe runs: ${axeRuns}, minor/moderate violations (not failing): ${axeMinorOrModerate}\nscrollWidth at 390 px: ${widths.join(', ')}`);
    await browser?.close();
  });

  /**
   * Every route at both widths: the phone and the desktop window side by side (two contexts at once, each going
   * through the routes in order), which keeps both cores busy while one of them waits on the server or a page load.
   * The admin signs in one context after the other (each its own session; a TOTP code is accepted once), through the
   * API (the sign-in form is clicked in journey.browser-spec.ts, its code step in security.browser-spec.ts).
   */
  async function check(signedIn: boolean, routes: string[]) {
    const windows: Array<{ width: number; ctx: BrowserContext; page: Page }> = [];
    for (const [width, height] of [[390, 844], [1280, 900]] as const) {
      const ctx = await context(browser, width, height);
      if (signedIn) await signInAdminByApi(ctx);
      const page = await ctx.newPage();
      windows.push({ width, ctx, page });
    }
    const problems = await Promise.all(windows.map((w) => checkRoutes(w, signedIn, routes)));
    return problems.flat();
  }

  async function checkRoutes({ width, ctx, page }: { width: number; ctx: BrowserContext; page: Page }, signedIn: boolean, routes: string[]) {
    const problems: string[] = [];
    try {
      for (const path of routes) {
        await open(page, path);
        // a signed-in user reaches the notifications from every page, on a phone too
        const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
        if (signedIn && !(await bell.waitFor().then(() => true, () => false))) {
          problems.push(`${path} at ${width} px: no notification bell`);
        }
        // nothing reaches below the footer (a screen-reader table of a chart once made the dashboard scroll 765 px
        // past it: a table is as tall as its rows whatever its height); pages without the footer (sign-in) are skipped
        const pastFooter = (await page.evaluate(
          "(() => { const f = document.querySelector('footer.footer'); return f ? Math.round(document.documentElement.scrollHeight - (f.getBoundingClientRect().bottom + window.scrollY)) : 0; })()",
        )) as number;
        if (pastFooter > 1) problems.push(`${path} at ${width} px: the page scrolls ${pastFooter} px past the footer`);
        if (width === 390) {
          const scrollWidth = await sidewaysWidth(page);
          widths.push(`${path} ${scrollWidth}`);
          if (['/userdashboard', '/userdashboard/security', '/admindashboard/usermanagement', '/traders'].includes(path) || path.startsWith('/traderinfo')) {
            await screenshot(page, `phone${path.replace(/\//g, '-')}`);
          }
          if (scrollWidth > 390) problems.push(`${path} at 390 px scrolls sideways: scrollWidth ${scrollWidth}`);
          if (signedIn && path === '/userdashboard') {
            // the bell's panel opens inside the phone's width, with its Mark all read (the admin has unread notices)
            await bell.click();
            const panel = page.getByRole('region', { name: 'Latest notifications' });
            const box = await panel.boundingBox();
            await screenshot(page, 'phone-notifications-panel');
            if (!box || box.x < 0 || box.x + box.width > 390) problems.push(`bell panel at 390 px outside the screen: ${JSON.stringify(box)}`);
            if (!(await panel.getByRole('button', { name: 'Mark all read' }).isVisible())) problems.push('bell panel at 390 px: no Mark all read');
            await page.keyboard.press('Escape');
          }
        }
        if (width === 1280 && path === '/admindashboard/usermanagement') {
          // the users table fits at 1280 px: balance box and every action visible without scrolling
          const clipped = (await page.evaluate(
            "[...document.querySelectorAll('.table-wrap')].filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => w.getAttribute('aria-label') + ' ' + w.scrollWidth + '>' + w.clientWidth)",
          )) as string[];
          for (const c of clipped) problems.push(`${path} at 1280 px: table clipped (${c})`);
          await screenshot(page, 'desktop-admindashboard-usermanagement');
        }
        for (const v of await axe(page)) problems.push(`${path} at ${width} px: ${v}`);
      }
    } finally {
      await ctx.close();
    }
    return problems;
  }

  it('visitor routes', async () => {
    // a listed trader's page (through the API: a context of its own for it cost Chromium about 5 s of CPU)
    const listed = (await call('/traders')) as { items: Array<{ id: number }> };
    if (listed.items.length) traderPath = `/traderinfo/${listed.items[0].id}`;
    expect(await check(false, [...VISITOR_ROUTES, traderPath])).toEqual([]);
  });

  it('signed-in routes (admin: every dashboard)', async () => {
    // the widest a user can make the admin's tables: a 32-character username, a long email, a 64-character
    // document number without a space, and all three KYC files (a Pending submission, the list's default)
    const suffix = Date.now().toString(36);
    const widest: Person = {
      username: `w${suffix}`.padEnd(32, 'w'),
      firstname: 'Wide'.padEnd(64, 'e'),
      lastname: 'Lastname'.padEnd(64, 'e'),
      email: `widest.applicant.${suffix}.with-a-long-address@a-rather-long-mail-domain.mirrorline.test`,
      password: 'a-strong-password',
    };
    await createUser(await adminApiToken(), widest);
    await submitKyc(widest, `DOC${suffix}`.padEnd(64, '7'));
    // and one public page signed in: its top bar carries the bell, Logout and the menu
    expect(await check(true, [...ADMIN_ROUTES, '/markets'])).toEqual([]);
  });

  for (const [width, height] of [[390, 844], [1280, 900]] as const) {
    it(`at ${width} px the states behind dialogs and expanded rows: portfolio and sessions as cards on a phone, the copy dialog a bottom sheet with a close button; nothing scrolls sideways, axe 0 serious`, async () => {
      const { copier, traderName } = await copierWithPositions(await adminApiToken(), `phone${width}`);
      const ctx = await context(browser, width, height);
      const page = await ctx.newPage();
      const problems: string[] = [];
      const check = async (state: string) => {
        const scrollWidth = await sidewaysWidth(page);
        if (scrollWidth > width) problems.push(`${state} at ${width} px scrolls sideways: scrollWidth ${scrollWidth}`);
        for (const v of await axe(page)) problems.push(`${state} at ${width} px: ${v}`);
        await screenshot(page, `phone-states-${width}-${state}`);
      };
      try {
        await signInByApi(ctx, copier.email, copier.password);
        // the portfolio: a card per copy with every column (the Open count too) and its Positions button, expanded
        await open(page, '/userdashboard');
        const copyRow = page.getByTestId(`copy-${traderName}`);
        await copyRow.waitFor();
        await page.waitForFunction(`document.querySelector('[data-testid="copy-${traderName}"] td[data-label="Open"]')?.textContent === '2'`);
        const positions = copyRow.getByRole('button', { name: `Positions of ${traderName}` });
        await positions.scrollIntoViewIfNeeded();
        expect(await positions.isVisible()).toBe(true);
        const open390 = copyRow.locator('td[data-label="Open"]');
        expect(await open390.isVisible()).toBe(true);
        if (width === 390) {
          // a card: the cells are stacked (one under the other), inside the screen
          const [a, b] = await Promise.all([copyRow.locator('td').nth(0).boundingBox(), copyRow.locator('td').nth(1).boundingBox()]);
          if (!a || !b || b.y < a.y + a.height - 1) problems.push(`portfolio row at 390 px is not a card: ${JSON.stringify([a, b])}`);
          const box = await positions.boundingBox();
          if (!box || box.x < 0 || box.x + box.width > 390) problems.push(`Positions button outside the screen: ${JSON.stringify(box)}`);
        }
        await positions.click();
        await page.getByTestId('position-BTCUSDT').waitFor();
        await check('portfolio-positions');
        // My copies with a copy's guards and funds open (expanded rows)
        await page.getByRole('button', { name: 'Guards' }).click();
        await page.getByRole('form', { name: `Guards of the copy of ${traderName}` }).waitFor();
        await page.getByRole('button', { name: 'Funds' }).click();
        await page.getByLabel('Copy amount').waitFor();
        await check('copies-guards-funds');

        // Security: the sessions as cards, the device in words
        await open(page, '/userdashboard/security');
        const sessions = page.getByRole('table', { name: 'Sessions list' });
        await sessions.getByText('(this device)').waitFor();
        await check('security-sessions');

        // the copy dialog of a demo trader: at 390 px a bottom sheet (full width, on the bottom edge) with a close button
        await open(page, '/traders');
        await page.getByRole('link', { name: /^View profile of / }).first().click();
        await page.waitForURL(/\/traderinfo\/\d+/);
        const copyButton = page.getByRole('button', { name: 'Copy trader' }).first();
        await copyButton.click();
        const dialog = page.getByRole('dialog', { name: /^Copy / });
        await dialog.getByLabel('Amount', { exact: true }).waitFor();
        const close = dialog.getByRole('button', { name: 'Close', exact: true });
        expect(await close.isVisible()).toBe(true);
        const closeBox = await close.boundingBox();
        if (!closeBox || closeBox.y < 0 || closeBox.x + closeBox.width > width) problems.push(`copy dialog close button off screen: ${JSON.stringify(closeBox)}`);
        if (width === 390) {
          const box = await dialog.boundingBox();
          if (!box || Math.round(box.width) !== 390 || Math.abs(box.y + box.height - height) > 1) problems.push(`copy dialog at 390 px is not a bottom sheet: ${JSON.stringify(box)}`);
        }
        // focus stays inside: Shift+Tab from the first control lands inside the dialog
        await page.keyboard.press('Shift+Tab');
        expect(await page.evaluate("!!document.activeElement?.closest('[role=dialog]')")).toBe(true);
        await check('copy-dialog');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await copyButton.click();
        await close.click();
        await dialog.waitFor({ state: 'detached' });
      } finally {
        await ctx.close();
      }
      expect(problems).toEqual([]);
    });
  }

  it('on a phone the trader page keeps a copy button on screen that leads to the copy form', async () => {
    const ctx = await context(browser, 390, 844);
    const page = await ctx.newPage();
    await page.goto(traderPath);
    const button = page.getByRole('link', { name: /^Copy / });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    expect(box!.y).toBeGreaterThan(844 / 2); // at the bottom of the screen, over the profile
    await button.click();
    await page.waitForFunction("document.activeElement && document.getElementById('copy').contains(document.activeElement)");
    await ctx.close();
  });

  it('a visitor’s contact message reaches the admins’ list', async () => {
    const subject = 'Becoming a trader';
    const text = `How do I become a trader? ref ${Date.now().toString(36)}`;
    const visitor = await context(browser, 390, 844);
    const page = await visitor.newPage();
    await page.goto('/contactus');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name', { exact: true }).fill('Vera Visitor');
    await form.getByLabel('Email', { exact: true }).fill('vera@example.test');
    await form.getByLabel('Topic', { exact: true }).selectOption({ label: subject });
    await form.getByLabel('Message', { exact: true }).fill(text);
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText('Thank you, Vera Visitor').waitFor();
    await visitor.close();

    const adminCtx = await context(browser, 1280, 900);
    await signInAdminByApi(adminCtx);
    const admin = await adminCtx.newPage();
    await admin.goto('/admindashboard');
    const row = admin.getByRole('table', { name: 'Contact messages' }).getByRole('row').filter({ hasText: text });
    await row.waitFor();
    expect(await row.textContent()).toContain('vera@example.test');
    await adminCtx.close();
  });

  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    it(`at ${width} px impersonation round trip: "Log in as" lands on the user’s dashboard with a read-only banner that survives a reload, write controls disabled; "End" and logout restore the admin`, async () => {
      const ctx = await context(browser, width, height);
      await signInAdminByApi(ctx);
      const page = await ctx.newPage();
      await page.goto('/admindashboard/usermanagement');
      // the first user row that is not the admin
      const row = page.getByRole('row', { name: /^User / }).filter({ hasNotText: browserEnv().adminEmail }).first();
      const name = ((await row.getAttribute('aria-label')) ?? '').replace(/^User /, '');
      await row.getByRole('button', { name: 'Log in as' }).click();
      await page.waitForURL(/\/userdashboard$/);
      const banner = page.getByRole('region', { name: 'Impersonation' });
      await banner.getByText(`Viewing as ${name} — read-only`).waitFor();

      // a reload keeps the impersonation (the tab asks for it again with the admin's session): banner, and the
      // write controls are off
      // (one load at a time: a reload while the restore's refresh is in flight may drop the rotated refresh cookie)
      await page.goto('/userdashboard/accountsettings');
      await banner.getByText(`Viewing as ${name} — read-only`).waitFor();
      await page.getByRole('form', { name: 'Change password' }).waitFor();
      await page.reload();
      await banner.getByText(`Viewing as ${name} — read-only`).waitFor();
      expect(page.url()).toMatch(/\/userdashboard\/accountsettings$/);
      const change = page.getByRole('form', { name: 'Change password' }).getByRole('button', { name: 'Change password' });
      await change.waitFor();
      expect(await change.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete account' }).isDisabled()).toBe(true);
      await screenshot(page, `impersonation-${width}-after-reload`);
      const problems = (await axe(page)).map((v) => `impersonation banner at ${width} px: ${v}`);
      if (width === 390 && (await sidewaysWidth(page)) > 390) problems.push('impersonation banner at 390 px scrolls sideways');
      expect(problems).toEqual([]);

      await banner.getByRole('button', { name: 'End' }).click();
      await page.waitForURL(/\/admindashboard\/usermanagement$/);
      await banner.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: `User ${name}` }).waitFor();
      // and the next reload stays the admin's own session
      await page.reload();
      await page.getByRole('heading', { name: 'User Management' }).waitFor();
      expect(await banner.count()).toBe(0);

      // logout while impersonating ends only the impersonation (through the avatar menu, shown at 1280 px)
      if (width === 1280) {
        await page.getByRole('row', { name: `User ${name}` }).getByRole('button', { name: 'Log in as' }).click();
        await page.waitForURL(/\/userdashboard$/);
        await page.getByRole('button', { name: `Account menu of ${name}` }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        await page.waitForURL(/\/admindashboard\/usermanagement$/);
        await page.getByRole('heading', { name: 'User Management' }).waitFor();
        // and a reload still restores the admin (the refresh cookie and the ml_session hint survived)
        await page.reload();
        await page.getByRole('heading', { name: 'User Management' }).waitFor();
      }
      await ctx.close();
    });
  }

  it('a balance adjustment: +/− with cents and a required reason, confirmed by a dialog naming the user and the effect, waits in the row and the approvals list until a second admin approves it, then lands in the row and the audit log; block, KYC and a refused delete ask first too', async () => {
    const token = await adminApiToken();
    const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
      const res = await fetch(`${browserEnv().baseUrl}/api${path}`, {
        method: init.method ?? 'GET',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      expect(res.ok).toBe(true);
      return (await res.json()) as Record<string, unknown>;
    };
    const approveAs = async (bearer: string, id: string) => {
      const res = await fetch(`${browserEnv().baseUrl}/api/admin/approvals/${id}/approve`, { method: 'POST', headers: { Authorization: `Bearer ${bearer}` } });
      expect(res.status).toBe(200);
    };
    const suffix = Date.now().toString(36);
    const username = `adjust_${suffix}`;
    const created = await call('/user/create', { method: 'POST', body: { username, firstname: 'Ada', lastname: 'Just', email: `${username}@mirrorline.test`, password: 'a-strong-password' } });
    const userId = (created.user as { _id: string })._id;

    const ctx = await context(browser, 1280, 900);
    await signInAdminByApi(ctx);
    const page = await ctx.newPage();
    await page.goto('/admindashboard/usermanagement');
    await page.getByLabel('Search users').fill(username);
    const row = page.getByRole('row', { name: `User ${username}` });
    await row.waitFor();
    await row.getByLabel(`Balance adjustment for ${username}`).fill('1,234.56');
    await row.getByRole('button', { name: 'Update' }).click();
    await page.getByText('A reason is required for a balance adjustment').waitFor();
    await row.getByLabel(`Reason for the balance adjustment of ${username}`).fill('Wire received, ref 42');
    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: `Credit $1,234.56 to ${username}?` });
    await dialog.getByText(`the cash balance goes from $0.00 to $1,234.56`, { exact: false }).waitFor();
    await screenshot(page, 'admin-balance-adjustment');
    await dialog.getByRole('button', { name: 'Credit balance' }).click();
    // four eyes (product.md §11.4): the request waits, shown on the row and in the approvals list, where the
    // admin who asked cannot approve it
    await row.getByText('+$1,234.56 awaiting approval').waitFor();
    const approvals = page.getByRole('table', { name: 'Approval requests' });
    const request = approvals.getByRole('row', { name: `Credit $1,234.56 to ${username}` });
    await request.getByText('You asked for this: another admin approves it').waitFor();
    expect(await request.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-approvals-waiting');
    const second = await secondAdminToken();
    const approveAll = async () => {
      const waiting = (await call(`/admin/approvals`)).items as Array<{ id: string; target: { _id: string } }>;
      for (const r of waiting.filter((x) => x.target._id === userId)) await approveAs(second, r.id);
    };
    await approveAll();
    await page.reload();
    await page.getByLabel('Search users').fill(username);
    await row.getByText('$1,234.56').waitFor();
    expect(await row.getByText('awaiting approval').count()).toBe(0);

    await row.getByLabel(`Balance adjustment for ${username}`).fill('-0.56');
    await row.getByLabel(`Reason for the balance adjustment of ${username}`).fill('Bank fee');
    await row.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('dialog', { name: `Debit $0.56 from ${username}?` }).getByRole('button', { name: 'Debit balance' }).click();
    await row.getByText('-$0.56 awaiting approval').waitFor();
    await approveAll();
    await page.reload();
    await page.getByLabel('Search users').fill(username);
    await row.getByText('$1,234.00').waitFor();

    const audit = await call(`/admin/audit?action=user.balance_adjust&targetId=${userId}`);
    const reasons = (audit.entries as Array<{ after: { reason?: string; amount?: number } }>).map((e) => [e.after.reason, e.after.amount]);
    expect(reasons).toEqual([['Bank fee', -56], ['Wire received, ref 42', 123_456]]);

    // block, a KYC change and delete each ask first, naming the user and the effect; Cancel changes nothing
    await row.getByRole('button', { name: 'Block' }).click();
    const block = page.getByRole('dialog', { name: `Block ${username}?` });
    await block.getByText('is signed out everywhere and cannot sign in until unblocked', { exact: false }).waitFor();
    await block.getByRole('button', { name: 'Cancel' }).click();
    await block.waitFor({ state: 'detached' });
    expect(await row.getByText('Blocked').count()).toBe(0);
    await row.getByRole('button', { name: 'Block' }).click();
    await page.getByRole('dialog', { name: `Block ${username}?` }).getByRole('button', { name: 'Block' }).click();
    await row.getByText('Blocked').waitFor();
    expect((await call(`/user/get-all?search=${username}`)).users).toMatchObject([{ username, blocked: true }]);

    await row.getByLabel(`KYC status of ${username}`).selectOption('Verified');
    const kyc = page.getByRole('dialog', { name: `Set the KYC status of ${username} to Verified?` });
    await kyc.getByText('goes from Unverified to Verified', { exact: false }).waitFor();
    await kyc.getByRole('button', { name: 'Set Verified' }).click();
    await kyc.waitFor({ state: 'detached' });
    await page.waitForFunction(`document.querySelector('select[aria-label="KYC status of ${username}"]')?.value === 'Verified'`);
    expect((await call(`/user/get-all?search=${username}`)).users).toMatchObject([{ username, KYC: 'Verified' }]);

    // a user who still holds money cannot be deleted: the dialog stays open and says why (the server's message)
    await row.getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('dialog', { name: `Delete ${username}?` });
    await del.getByRole('button', { name: 'Delete' }).click();
    await del.getByRole('alert').getByText('The account still holds money', { exact: false }).waitFor();
    await page.getByText('Sorry an error occured. Refresh!').first().waitFor();
    await del.getByRole('button', { name: 'Cancel' }).click();
    expect((await call(`/user/get-all?search=${username}`)).total).toBe(1);
    await ctx.close();
  });
});
