import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { postFromContext } from './accounts';
import { browserEnv } from './server';
import { totpNow } from './totp';

/**
 * The bootstrap admin of a browser run, shared by every spec file: Admins must have 2FA (product.md §10), so
 * the first sign-in enrols (the SPA sends the admin to /settings/security) and the secret and the 10 recovery
 * codes are kept beside the run's mail folder; later sign-ins answer the code step. A code is accepted once:
 * each sign-in uses a step after the last one used when one is inside the server's ±1 window, and otherwise
 * one of the recovery codes (the product's own second way in, single use) rather than waiting up to 30 s for
 * the next window; only when those are spent too does it wait. The API token (adminApiToken) is kept too and
 * used again while its session is live, so the API set-ups of the spec files spend no code.
 */
interface AdminMfa {
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
  /** An access token of the API (15 min) and when it was issued. */
  token?: { value: string; at: number };
}

/** What the codes of a run cost: printed by the global teardown. */
interface CodeUse {
  totp: number;
  recovery: number;
  waitedMs: number;
}

const stateFile = (who = 'admin') => `${browserEnv().mailDir}.${who}-mfa.json`;
const useFile = (mailDir = browserEnv().mailDir) => `${mailDir}.code-use.json`;
const readState = (who?: string): AdminMfa | null => (existsSync(stateFile(who)) ? (JSON.parse(readFileSync(stateFile(who), 'utf8')) as AdminMfa) : null);
const writeState = (state: AdminMfa, who?: string) => writeFileSync(stateFile(who), JSON.stringify(state));
const currentStep = () => Math.floor(Date.now() / 30_000);

function countUse(change: Partial<CodeUse>): void {
  const use: CodeUse = existsSync(useFile()) ? JSON.parse(readFileSync(useFile(), 'utf8')) : { totp: 0, recovery: 0, waitedMs: 0 };
  for (const key of Object.keys(change) as (keyof CodeUse)[]) use[key] += change[key] ?? 0;
  writeFileSync(useFile(), JSON.stringify(use));
}

/** The code use of one server's run (its mail folder) in one line, for the global teardown. */
export function codeUseSummary(mailDir: string): string | null {
  if (!existsSync(useFile(mailDir))) return null;
  const use = JSON.parse(readFileSync(useFile(mailDir), 'utf8')) as CodeUse;
  return `admin 2FA codes of a browser server's run: ${use.totp} TOTP, ${use.recovery} recovery, ${(use.waitedMs / 1000).toFixed(1)} s waited for a TOTP window`;
}

async function nextCode(state: AdminMfa, who?: string): Promise<string> {
  let step = Math.max(currentStep(), state.lastStep + 1);
  if (step > currentStep() + 1 && state.recoveryCodes.length > 0) {
    const [code, ...rest] = state.recoveryCodes;
    writeState({ ...state, recoveryCodes: rest }, who);
    countUse({ recovery: 1 });
    return code;
  }
  const started = Date.now();
  while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
  step = Math.max(step, currentStep());
  writeState({ ...state, lastStep: step }, who);
  countUse({ totp: 1, waitedMs: Date.now() - started });
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
    const state: AdminMfa = { secret, lastStep: currentStep() - 2, recoveryCodes: [] };
    await enrolment.getByLabel('Code', { exact: true }).fill(await nextCode(state));
    await enrolment.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery code list' });
    await list.waitFor();
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    writeState({ ...readState()!, recoveryCodes });
    await page.getByRole('checkbox', { name: 'I saved these codes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
  } else {
    const state = readState();
    if (!state) throw new Error('the admin has 2FA but this browser run did not enrol it');
    await codeStep.getByLabel('Code', { exact: true }).fill(await nextCode(state));
    await codeStep.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL(/\/admindashboard/);
}

/**
 * Signs the bootstrap admin in through the API from the context itself (password, then the next code; enrols on the
 * first use): the refresh and session-hint cookies land in the context and the next page load restores the session.
 * For specs whose subject is not the sign-in form (signInAdmin clicks it in journey.browser-spec.ts; the code step
 * and the recovery codes are security.browser-spec.ts's).
 */
export async function signInAdminByApi(context: BrowserContext): Promise<void> {
  await adminApiToken(); // the admin has 2FA from here on
  const login = await postFromContext(context, '/auth/login', { email: browserEnv().adminEmail, password: browserEnv().adminPassword });
  await postFromContext(context, '/auth/login/mfa', { mfaToken: login.mfaToken, code: await adminCode() });
}

/**
 * A request to the running server's API. A keep-alive connection the server closed while idle (after a long step,
 * such as `npm run admin` or a spec file of its own) can be picked for the next request just as it closes: no
 * answer came back ("other side closed"), so it is sent again.
 */
async function request(path: string, init: RequestInit): Promise<Response> {
  const send = () => fetch(`${browserEnv().baseUrl}/api${path}`, init);
  return send().catch((error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return send();
  });
}

async function post(path: string, body: object, token?: string): Promise<Record<string, unknown>> {
  const res = await request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** True while an access token's session is live (a spec may have ended it, e.g. by blocking or a password change). */
async function live(token: string): Promise<boolean> {
  const res = await request('/auth/mfa', { headers: { Authorization: `Bearer ${token}` } });
  await res.body?.cancel();
  return res.ok;
}

/**
 * An access token of the bootstrap admin through the API (password, then the code; enrols on the first use). The
 * token is used again by the next spec files while it has 5 of its 15 minutes left and its session is live.
 */
export async function adminApiToken(): Promise<string> {
  const kept = readState()?.token;
  if (kept && Date.now() - kept.at < 10 * 60_000 && (await live(kept.value))) return kept.value;
  const at = Date.now();
  const login = await post('/auth/login', { email: browserEnv().adminEmail, password: browserEnv().adminPassword });
  let token: string;
  if (login.mfaRequired) {
    const state = readState();
    if (!state) throw new Error('the admin has 2FA but this browser run did not enrol it');
    token = (await post('/auth/login/mfa', { mfaToken: login.mfaToken, code: await nextCode(state) })).accessToken as string;
  } else {
    // Not enrolled yet: the token opens only enrolment, which hands back a full token (and the recovery codes).
    token = await enrol(login.accessToken as string);
  }
  writeState({ ...readState()!, token: { value: token, at } });
  return token;
}

/** Turns 2FA on through the API for the user of `token` (a token that opens only enrolment); the full token. */
async function enrol(token: string, who?: string): Promise<string> {
  const setup = await post('/auth/mfa/setup', {}, token);
  const state: AdminMfa = { secret: setup.secret as string, lastStep: currentStep() - 2, recoveryCodes: [] };
  const enabled = await post('/auth/mfa/enable', { code: await nextCode(state, who) }, token);
  writeState({ ...readState(who)!, recoveryCodes: enabled.recoveryCodes as string[] }, who);
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

export const SECOND_ADMIN = { username: 'second_admin', firstname: 'Second', lastname: 'Admin', email: 'second-admin@mirrorline.test', password: 'second-admin-password-1' };

/**
 * An access token of a second admin, for the four-eyes approvals (product.md §11.4): the bootstrap admin creates
 * the user, the operator grants it the Admin role with `npm run admin -- grant EMAIL` against the running
 * server's embedded PostgreSQL (as a single-admin installation would), and it enrols in 2FA through the API on
 * first use; later uses sign in with the next code.
 */
export async function secondAdminToken(): Promise<string> {
  const who = 'second-admin';
  const state = readState(who);
  if (state) {
    const login = await post('/auth/login', { email: SECOND_ADMIN.email, password: SECOND_ADMIN.password });
    return (await post('/auth/login/mfa', { mfaToken: login.mfaToken, code: await nextCode(state, who) })).accessToken as string;
  }
  await post('/user/create', SECOND_ADMIN, await adminApiToken());
  const env = browserEnv();
  const grant = spawnSync(process.execPath, ['scripts/admin.mjs', 'grant', SECOND_ADMIN.email], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: env.dataDir, EMBEDDED_PG_PORT: String(env.pgPort), LOG_LEVEL: 'silent' },
  });
  if (grant.status !== 0) throw new Error(`npm run admin -- grant failed (${grant.status}): ${grant.stderr}${grant.stdout}`);
  const login = await post('/auth/login', { email: SECOND_ADMIN.email, password: SECOND_ADMIN.password });
  return enrol(login.accessToken as string, who);
}
