import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { browserEnv } from './server';

/** A JSON call to the running server's API (the specs set their accounts up through it); throws on a non-2xx. */
export async function call(path: string, init: { method?: string; token?: string; body?: unknown; idempotent?: boolean } = {}) {
  const res = await fetch(`${browserEnv().baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.idempotent ? { 'Idempotency-Key': randomUUID() } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** An access token through POST auth/login. */
export const login = async (email: string, password: string): Promise<string> => (await call('/auth/login', { method: 'POST', body: { email, password } })).accessToken;

/** The UserInfo claims of an access token. */
export const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).UserInfo;

/** Signs in through the sign-in form and waits to leave it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/**
 * Signs in through POST auth/login from the context itself: its refresh and session-hint cookies land in the context,
 * so the next page load restores the session (as after a reload). For specs whose subject is not the sign-in form
 * (clicked through in journey.browser-spec.ts and, with the second factor, security.browser-spec.ts): a page load
 * less than `signIn`.
 */
export async function signInByApi(context: BrowserContext, email: string, password: string): Promise<void> {
  await postFromContext(context, '/auth/login', { email, password });
}

/** A JSON POST from the browser context (its cookies sent and kept); throws on a non-2xx. */
export async function postFromContext(context: BrowserContext, path: string, data: object): Promise<Record<string, unknown>> {
  const res = await context.request.post(`/api${path}`, { data });
  if (!res.ok()) throw new Error(`POST ${path} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

export interface Person { username: string; firstname: string; lastname: string; email: string; password: string }

/** A user made by the admin through POST user/create. */
export async function createUser(adminToken: string, person: Person): Promise<void> {
  await call('/user/create', { method: 'POST', token: adminToken, body: person });
}

/** A user made by the admin with these roles and KYC set to Verified (POST user/create, PATCH user/update). */
export async function createVerifiedUser(adminToken: string, person: Person, roles: readonly string[]): Promise<void> {
  const created = await call('/user/create', { method: 'POST', token: adminToken, body: { ...person, roles } });
  await call('/user/update', { method: 'PATCH', token: adminToken, body: { userId: created.user?.id ?? created.user?._id ?? created.id, KYC: 'Verified' } });
}

/**
 * A public trader made by the admin: a User and Trader, KYC Verified (so listed and allowed to trade); its access
 * token and traderID.
 */
export async function createVerifiedTrader(adminToken: string, person: Person): Promise<{ token: string; traderId: number }> {
  await createVerifiedUser(adminToken, person, ['User', 'Trader']);
  const token = await login(person.email, person.password);
  return { token, traderId: claims(token).traderID };
}

/** The person signs in and submits KYC (all three files, tiny PNGs) through POST user/requestKYC: a Pending submission. */
export async function submitKyc(person: Person, documentNumber = 'X1234567'): Promise<void> {
  const form = new FormData();
  form.set('documentType', 'passport');
  form.set('documentNumber', documentNumber);
  const png = new Blob([Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])], { type: 'image/png' });
  for (const side of ['front', 'back', 'selfie']) form.set(side, png, `${side}.png`);
  const res = await fetch(`${browserEnv().baseUrl}/api/user/requestKYC`, { method: 'POST', headers: { Authorization: `Bearer ${await login(person.email, person.password)}` }, body: form });
  if (res.status !== 201) throw new Error(`POST /user/requestKYC → ${res.status} ${await res.text()}`);
}
