import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { browserEnv } from './support/server';
import { codeMailedTo, launch, newPage, screenshot } from './support/browser';
import { totpNow } from './support/totp';

const suffix = randomBytes(3).toString('hex');
const person = { username: `secure_${suffix}`, email: `secure_${suffix}@example.test`, password: 'secure-password-1' };

async function passwordStep(page: Page): Promise<void> {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(person.email);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** product.md §10 in Chromium: enrol in 2FA from Settings, then sign in with a code, and with a recovery code. */
describe('two-factor authentication (Chromium against the real server)', () => {
  let browser: Browser;
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    // A verified account, made through the API (the journey spec covers the register screens).
    const base = browserEnv().baseUrl;
    const before = Date.now();
    const post = (path: string, body: unknown) => fetch(`${base}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/auth/register', { username: person.username, firstname: 'Sam', lastname: 'Secure', email: person.email, password: person.password })).status).toBe(201);
    const otp = await codeMailedTo(person.email, before);
    expect((await post('/auth/verifyotp', { email: person.email, otp })).status).toBe(200);
  });
  afterAll(() => browser?.close());

  it('enrols with the QR code and a confirmation code, and shows 10 recovery codes', async () => {
    const { page, context } = await newPage(browser);
    await passwordStep(page);
    await page.waitForURL(/\/userdashboard/);
    await page.goto('/userdashboard/security');
    await page.getByRole('link', { name: 'Turn on two-factor authentication' }).click();
    await page.waitForURL(/\/settings\/security$/);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'mfa-enrolment');
    const form = page.getByRole('form', { name: 'Confirm two-factor code' });
    await form.getByLabel('Code', { exact: true }).fill(totpNow(secret));
    await form.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery code list' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, 'mfa-recovery-codes');
    await context.close();
  });

  it('signs in with the password and then the authenticator code', async () => {
    const { page, context } = await newPage(browser);
    await passwordStep(page);
    const form = page.getByRole('form', { name: 'Two-factor code' });
    await form.waitFor();
    // The enrolment spent the current step's code: the next step is inside the ±1 window.
    await form.getByLabel('Code', { exact: true }).fill(totpNow(secret, 1));
    await form.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/userdashboard/);
    await page.goto('/userdashboard/security');
    await page.getByText(/10 recovery codes left/).waitFor();
    await page.getByRole('table', { name: 'Sessions list' }).getByText('(this device)').waitFor();
    await screenshot(page, 'security-settings');
    await context.close();
  });

  it('signs in with a recovery code, which then stops working', async () => {
    const { page, context } = await newPage(browser);
    await passwordStep(page);
    const form = page.getByRole('form', { name: 'Two-factor code' });
    await form.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]);
    await form.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/userdashboard/);
    await context.close();

    const again = await newPage(browser);
    await passwordStep(again.page);
    const second = again.page.getByRole('form', { name: 'Two-factor code' });
    await second.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]);
    await second.getByRole('button', { name: 'Verify' }).click();
    await second.getByText('The code is wrong or was already used').waitFor();
    await again.context.close();
  });
});
