import type { Browser, Request } from 'playwright-core';
import { launch, newPage, screenshot } from './support/browser';
import { adminApiToken, signInAdminJs } from './support/admin';
import { browserEnv } from './support/server';

/**
 * Issue 14, AdminJS: the back-office is branded Mirrorline (no AdminJS logo), opens on the Users list
 * instead of the tips dashboard, shows the roles, keeps its sidebar at 1280 px, and no request leaves the
 * server's own origin (AdminJS's templates linked Google Fonts).
 */
describe('AdminJS back-office: Mirrorline, Users first, roles shown, nothing from outside (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    await adminApiToken(); // enrols the admin's 2FA the first time in the run
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in and lands on Users with the roles visible; every request stays on this server', async () => {
    const { context, page } = await newPage(browser);
    const origin = new URL(browserEnv().baseUrl).origin;
    const outside: string[] = [];
    page.on('request', (req: Request) => {
      const url = req.url();
      if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) outside.push(url);
    });
    await page.goto('/admin/login');
    await page.getByText('Mirrorline', { exact: false }).first().waitFor();
    expect(await page.getByText('AdminJS', { exact: false }).count()).toBe(0); // its stock welcome promoted AdminJS
    await signInAdminJs(page);
    await page.waitForURL((url) => url.pathname === '/admin/resources/UserEntity');
    // the list of users, with their roles
    const adminRow = page.locator('tr', { hasText: browserEnv().adminEmail });
    await adminRow.waitFor();
    await adminRow.getByText('User, Admin', { exact: true }).waitFor();
    // the sidebar is there at 1280 px, with the resources
    expect(await page.viewportSize()).toEqual({ width: 1280, height: 860 });
    const sidebar = page.locator('[data-css="sidebar"]');
    await sidebar.getByText('People', { exact: true }).first().waitFor();
    const box = await sidebar.boundingBox();
    expect(box && box.x >= 0 && box.width > 100).toBe(true); // in the page, not slid out behind the menu button
    // resources are named for what they hold, not their entity class
    await page.getByText('Users', { exact: true }).first().waitFor();
    expect(await page.getByText('User Entity').count()).toBe(0);
    // branding: the name, no AdminJS logo
    expect(await page.title()).toBe('Mirrorline');
    expect(await page.locator('img[src*="logo"]').count()).toBe(0);
    await screenshot(page, 'adminjs-users');
    // a reload of /admin itself opens on Users too
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/resources/UserEntity');
    await adminRow.waitFor();
    await page.waitForLoadState('networkidle');
    expect(outside).toEqual([]);
    await context.close();
  });

  it("the dashboard is the Users list: the sidebar's Mirrorline link, the Dashboard breadcrumb and an unknown page never show the tips page; actions carry their labels", async () => {
    const { context, page } = await newPage(browser);
    await signInAdminJs(page);
    const users = page.locator('[data-css="UserEntity-table-row"]').first();
    const tips = page.getByText('Welcome on Board', { exact: false });
    const atUsers = async () => {
      await page.waitForURL((url) => url.pathname === '/admin/resources/UserEntity');
      await users.waitFor();
      expect(await tips.count()).toBe(0);
    };
    // AdminJS's router inside the page (no reload): the sidebar's logo link goes to the dashboard
    await page.goto('/admin/resources/AuditLogEntity');
    await page.locator('[data-css="sidebar-logo"]').click();
    await atUsers();
    // the breadcrumb "Dashboard" on a record's page
    await users.click();
    await page.waitForURL(/\/show$/);
    // the record's actions are named as configured ("KYC: Pending"), not from their keys ("Pending Kyc")
    await page.locator('[data-css="UserEntity-block-button"], [data-css="UserEntity-unblock-button"]').first().waitFor();
    expect((await page.locator('[data-css$="Kyc-button"]').allTextContents()).map((text) => text.trim()).filter((text) => /^KYC: (Verified|Pending|Unverified)$/.test(text)).length).toBeGreaterThanOrEqual(2);
    expect(await page.getByText(/Kyc$/).count()).toBe(0);
    await page.locator('a[href="/admin"]', { hasText: 'Dashboard' }).click();
    await atUsers();
    // an address AdminJS's router does not know renders the dashboard too
    await page.evaluate("history.pushState({}, '', '/admin/no-such-page'); dispatchEvent(new PopStateEvent('popstate'))");
    await atUsers();
    await screenshot(page, 'adminjs-dashboard-is-users');
    await context.close();
  });
});
