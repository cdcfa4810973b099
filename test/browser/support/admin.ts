import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserEnv } from './server';
import { totpNow } from './totp';

/**
 * The bootstrap admin of a browser run, shared by every spec file: Admins must have 2FA (product.md §10), so
 * the first sign-in enrols (the SPA sends the admin to /settings/security) and the secret is kept beside the
 * run's mail folder; later sign-ins answer the code step. A code is accepted once: each sign-in uses a step
 * after the last one used (waiting for the next window when the ±1 step is spent too).
 */
interface AdminMfa {
  secret: string;
  lastStep: number;
}

const stateFile = () => `${browserEnv().mailDir}.admin-mfa.json`;
const readState = (): AdminMfa | null => (existsSync(stateFile()) ? (JSON.parse(readFileSync(stateFile(), 'utf8')) as AdminMfa) : null);
const writeState = (state: AdminMfa) => writeFileSync(stateFile(), JSON.stringify(state));
const currentStep = () => Math.floor(Date.now() / 30_000);

async function nextCode(state: AdminMfa): Promise<string> {
  let step = Math.max(currentStep(), state.lastStep + 1);
  while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
  step = Math.max(step, currentStep());
  writeState({ ...state, lastStep: step });
  return totpNow(state.secret, step - currentStep());
}

export async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(browserEnv().adminEmail);
  await form.getByLabel('Password', { exact: true }).fill(browserEnv().adminPassword);
  await form.getByRole('button', { name: 'Sign in' }).click();
  const codeStep = page.getByRole('form', { name: 'Two-factor code' });
  const enrolment = page.getByRole('form', { name: 'Confirm two-factor code' });
  await codeStep.or(enrolment).first().waitFor();
  if (await enrolment.isVisible()) {
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    const state = { secret, lastStep: currentStep() - 2 };
    await enrolment.getByLabel('Code', { exact: true }).fill(await nextCode(state));
    await enrolment.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('list', { name: 'Recovery code list' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
  } else {
    const state = readState();
    if (!state) throw new Error('the admin has 2FA but this browser run did not enrol it');
    await codeStep.getByLabel('Code', { exact: true }).fill(await nextCode(state));
    await codeStep.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL(/\/admindashboard/);
}

async function post(path: string, body: object, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${browserEnv().baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** An access token of the bootstrap admin through the API (password, then the code; enrols on the first use). */
export async function adminApiToken(): Promise<string> {
  const login = await post('/auth/login', { email: browserEnv().adminEmail, password: browserEnv().adminPassword });
  if (login.mfaRequired) {
    const state = readState();
    if (!state) throw new Error('the admin has 2FA but this browser run did not enrol it');
    const done = await post('/auth/login/mfa', { mfaToken: login.mfaToken, code: await nextCode(state) });
    return done.accessToken as string;
  }
  // Not enrolled yet: the token opens only enrolment, which hands back a full token.
  const setup = await post('/auth/mfa/setup', {}, login.accessToken as string);
  const state = { secret: setup.secret as string, lastStep: currentStep() - 2 };
  const enabled = await post('/auth/mfa/enable', { code: await nextCode(state) }, login.accessToken as string);
  return enabled.accessToken as string;
}

/** The code for the back-office's sign-in form (the field the 2FA script adds), after adminApiToken or signInAdmin enrolled. */
export async function adminCode(): Promise<string> {
  const state = readState();
  if (!state) throw new Error('enrol the admin first (adminApiToken or signInAdmin)');
  return nextCode(state);
}

/** Signs the bootstrap admin in to AdminJS (/admin) with the 2FA code field admin-login-code.ts adds; enrol first (adminApiToken). */
export async function signInAdminJs(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill(browserEnv().adminEmail);
  await page.locator('input[name="password"]').fill(browserEnv().adminPassword);
  await page.locator('input[name="code"]').fill(await adminCode());
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/admin') && !url.pathname.startsWith('/admin/login'));
}
