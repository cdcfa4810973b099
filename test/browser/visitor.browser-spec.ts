import type { Browser } from 'playwright-core';
import { launch, newPage, screenshot } from './support/browser';

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

  it('gets the not-found screen on an unknown path, served by the SPA fallback', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByText(/not found/i).first().waitFor();
    await context.close();
  });
});
