import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
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
