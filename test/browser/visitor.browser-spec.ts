import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, newContext, newPage, screenshot } from './support/browser';
import { browserEnv } from './support/server';

describe('a visitor (Chromium against the real server)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('sees the home page with the product name as title', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Mirrorline');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, 'home');
    await context.close();
  });

  it('sees the sign-in screen without top bar or footer', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/signin');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await screenshot(page, 'auth-signin');
    await context.close();
  });

  it('on a phone (375×800): the menu drawer opens as a dialog at most 300 px wide, Escape closes it; /signin has no top bar or footer', async () => {
    const context = await newContext(browser, { width: 375, height: 800 });
    const page = await context.newPage();
    await page.goto('/aboutus');
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.width).toBeLessThanOrEqual(300);
    expect(box!.x).toBe(0);
    await drawer.getByRole('link', { name: 'Login' }).waitFor();
    // the viewport only: the drawer is fixed to it, a full-page shot would stretch the page under it
    await page.screenshot({ path: join(browserEnv().outputDir, 'mobile-drawer.png') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // focus is back on the button that opened it
    expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")')).toBe('Open menu');

    await page.goto('/signin');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    await screenshot(page, 'mobile-signin');
    await context.close();
  });

  it('gets the not-found screen on an unknown path, served by the SPA fallback', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByText(/not found/i).first().waitFor();
    await context.close();
  });
});
