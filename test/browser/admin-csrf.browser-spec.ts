import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newPage, screenshot } from './support/browser';
import { adminApiToken, signInAdminJs } from './support/admin';
import { browserEnv } from './support/server';

/**
 * Issue 11, "AdminJS CSRF": an admin signed in to the back-office visits an attacker's page on another
 * origin, which sends the browser to a state-changing AdminJS action (it used to run on a plain GET, with
 * the SameSite=Lax cookie riding along on a top-level navigation). Now nothing changes: the cookie is
 * SameSite=Strict, the action refuses GET, and a POST must come from the back-office's own origin.
 */
describe('AdminJS: a cross-origin page cannot run back-office actions (CSRF)', () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let attacker: Server;
  let attackerPort: number;
  let adminToken: string;
  let victimId: string;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${browserEnv().baseUrl}/api${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(adminToken ? { Authorization: `Bearer ${adminToken}` } : {}), ...(init.headers ?? {}) },
    });
  const kycOf = async (id: string) => {
    const res = await api(`/user/get-all?limit=100&search=csrf_victim`);
    const body = (await res.json()) as { users: Array<{ _id: string; KYC: string }> };
    return body.users.find((u) => u._id === id)?.KYC;
  };
  let nextPage = '';

  beforeAll(async () => {
    // Admins have 2FA (product.md §10): password, then the code (the run's first admin sign-in enrols).
    adminToken = await adminApiToken();
    const created = await api('/user/create', {
      method: 'POST',
      body: JSON.stringify({ username: 'csrf_victim', firstname: 'Csrf', lastname: 'Victim', email: 'csrf-victim@mirrorline.test', password: 'a-strong-password' }),
    });
    expect(created.status).toBe(201);
    victimId = ((await created.json()) as { user: { _id: string } }).user._id;
    expect(await kycOf(victimId)).toBe('Unverified');

    // The attacker's site: serves whatever page the test sets next.
    attacker = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(nextPage);
    });
    await new Promise<void>((resolve) => attacker.listen(0, resolve));
    attackerPort = (attacker.address() as AddressInfo).port;

    browser = await launch();
    admin = await newPage(browser);
    const { page } = admin;
    await signInAdminJs(page);
    const cookie = (await admin.context.cookies()).find((c) => c.name === 'mirrorline_admin');
    expect(cookie?.sameSite).toBe('Strict');
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => attacker?.close(resolve));
  });

  const actionUrl = (action: string) => `${browserEnv().baseUrl}/admin/api/resources/UserEntity/records/${victimId}/${action}`;

  it('a top-level navigation from another site (and from another port of the same host) to the action URL changes nothing', async () => {
    const { page } = admin;
    for (const host of ['localhost', '127.0.0.1']) {
      for (const action of ['verifyKyc', 'block']) {
        nextPage = `<!doctype html><title>win a prize</title><script>location.href = ${JSON.stringify(actionUrl(action))};</script>`;
        const answer = page.waitForResponse((res) => res.url().includes(`/records/${victimId}/${action}`));
        await page.goto(`http://${host}:${attackerPort}/prize`);
        expect({ host, action, status: (await answer).status() }).toEqual({ host, action, status: 405 });
        await page.waitForLoadState('load');
      }
    }
    await screenshot(page, 'admin-csrf-navigation');
    expect(await kycOf(victimId)).toBe('Unverified');
    const blocked = await api(`/user/get-all?limit=100&search=csrf_victim`).then((r) => r.json() as Promise<{ users: Array<{ blocked: boolean }> }>);
    expect(blocked.users[0].blocked).toBe(false);
  });

  it('an auto-submitted cross-origin POST form changes nothing either', async () => {
    const { page } = admin;
    nextPage = `<!doctype html><form method="POST" action="${actionUrl('verifyKyc')}"></form><script>document.forms[0].submit();</script>`;
    const answer = page.waitForResponse((res) => res.url().includes(`/records/${victimId}/verifyKyc`));
    await page.goto(`http://127.0.0.1:${attackerPort}/post`);
    expect((await answer).status()).toBe(403);
    expect(await kycOf(victimId)).toBe('Unverified');
  });

  it("the back-office's own call still works: AdminJS's GET for the action goes out as a same-origin POST", async () => {
    const { page } = admin;
    await page.goto('/admin');
    const answer = page.waitForResponse((res) => res.url().includes(`/records/${victimId}/verifyKyc`));
    // What AdminJS's API client does for a component-less record action (call-action-api.js: a GET via XHR).
    const status = await page.evaluate(
      (url) =>
        new Promise<number>((resolve) => {
          const xhr = new (globalThis as unknown as { XMLHttpRequest: new () => { open(m: string, u: string): void; onload: () => void; status: number; send(): void } }).XMLHttpRequest();
          xhr.open('GET', url);
          xhr.onload = () => resolve(xhr.status);
          xhr.send();
        }),
      actionUrl('verifyKyc'),
    );
    const res = await answer;
    expect(res.request().method()).toBe('POST');
    expect(status).toBe(200);
    expect(await kycOf(victimId)).toBe('Verified');
  });

  /**
   * Issue 26, "AdminJS CSRF, again": GET on an action was refused only as the guard's regex spelled it; AdminJS
   * decodes the path and ignores letter case. Chained: a trader's profile `image` set to an encoded action path
   * was loaded by an admin's browser on the traders page, from our own origin, with the SameSite=Strict cookie:
   * the sock puppet became KYC Verified. Here the admin (signed in to AdminJS) opens the traders page and the
   * page loads those URLs as images, exactly as the avatar did; then the same spellings by XHR from the
   * back-office itself.
   */
  it('the image chain: action URLs in any spelling, loaded as images from our own origin with the admin cookie, change nothing', async () => {
    const { page } = admin;
    const puppet = await api('/user/create', {
      method: 'POST',
      body: JSON.stringify({ username: 'sock_puppet', firstname: 'Sock', lastname: 'Puppet', email: 'sock-puppet@mirrorline.test', password: 'a-strong-password' }),
    });
    expect(puppet.status).toBe(201);
    const puppetId = ((await puppet.json()) as { user: { _id: string } }).user._id;
    const record = `resources/UserEntity/records/${puppetId}`;
    const spellings = [`/admin/api/${record}/%76erifyKyc`, `/admin/API/${record}/verifyKyc`, `/admin/api/${record}/verifyKyc/`, `/admin/Api/${record}/%62lock`];
    await page.goto('/traders');
    for (const src of spellings) {
      const answer = page.waitForResponse((res) => res.url().endsWith(src));
      await page.evaluate(
        (url) =>
          new Promise<void>((resolve) => {
            // what the traders page did with the trader's `image` (the test's TS has no DOM types)
            const doc = (globalThis as unknown as { document: { createElement(tag: string): { onload: () => void; onerror: () => void; src: string }; body: { appendChild(node: unknown): void } } }).document;
            const img = doc.createElement('img');
            img.onload = img.onerror = () => resolve();
            img.src = url;
            doc.body.appendChild(img);
          }),
        src,
      );
      const res = await answer;
      // the cookie went along (same origin): only the guard stands between the image and the action
      expect((await res.request().allHeaders()).cookie ?? '').toContain('mirrorline_admin=');
      expect({ src, status: res.status() }).toEqual({ src, status: 405 });
    }
    await screenshot(page, 'admin-csrf-image-chain');
    const users = (await (await api('/user/get-all?limit=100&search=sock_puppet')).json()) as { users: Array<{ _id: string; KYC: string; blocked: boolean }> };
    expect(users.users.find((u) => u._id === puppetId)).toMatchObject({ KYC: 'Unverified', blocked: false });
  });

  it('the encoded and upper-case spellings, sent by XHR from the back-office page itself as a GET, are refused (405)', async () => {
    const { page } = admin;
    await page.goto('/admin');
    const record = `resources/UserEntity/records/${victimId}`;
    for (const path of [`/admin/api/${record}/%62lock`, `/admin/API/${record}/block`, `/ADMIN/api/${record}/BLOCK`]) {
      const status = await page.evaluate(
        (url) =>
          new Promise<number>((resolve) => {
            // a plain fetch: the page's script turns only its own XHR GETs into POSTs
            void fetch(url, { credentials: 'same-origin' }).then((r) => resolve(r.status));
          }),
        path,
      );
      // BLOCK in capitals is no action at all: 404 (AdminJS answered 500)
      expect({ path, status }).toEqual({ path, status: path.endsWith('BLOCK') ? 404 : 405 });
    }
    const blocked = await api(`/user/get-all?limit=100&search=csrf_victim`).then((r) => r.json() as Promise<{ users: Array<{ blocked: boolean }> }>);
    expect(blocked.users[0].blocked).toBe(false);
  });
});
