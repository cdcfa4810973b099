import { createTestApp, type TestApp } from './support/test-app';
import { createUser, signAccessToken, type TestUser } from './support/users';
import { baseUrl, openSse } from './support/sse';
import type { Server } from 'node:http';

/**
 * Every route of the API (read from the OpenAPI document, so new routes are covered without
 * editing this file) × anonymous, User, Trader, Admin → the expected authorization outcome.
 *
 * - public routes (listed below) answer anonymous callers without 401/403;
 * - every other route refuses anonymous callers with 401 (the default: never 2xx for anonymous);
 * - admin routes refuse User and Trader with 403 FORBIDDEN;
 * - trader routes refuse User with 403 FORBIDDEN (PATCH traders/me and PATCH trader/settings also refuse Admin);
 * - a caller with the right role is never refused for its role (no 401, no 403 FORBIDDEN), and nothing answers 5xx.
 * A new public route must be added to PUBLIC on purpose; otherwise this spec fails for it.
 */
type Who = 'anonymous' | 'User' | 'Trader' | 'Admin';
type Access = 'public' | 'cookie' | 'signed-in' | 'trader' | 'trader-only' | 'admin';

const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/wakeup',
  'POST /api/auth/register',
  'POST /api/auth/createnewotp',
  'POST /api/auth/verifyotp',
  'POST /api/auth/login',
  'POST /api/auth/login/mfa',
  'POST /api/auth/forgotpassword/sendotp',
  'POST /api/auth/forgotpassword/verifyotp',
  'POST /api/auth/forgotpassword/reset',
  'GET /api/traders',
  'GET /api/traders/{id}',
  'GET /api/traders/{id}/performance',
  'GET /api/traders/{id}/trades',
  'GET /api/traders/{id}/risk',
  'GET /api/traders/{id}/record',
  'GET /api/traders/{id}/record/heads',
  'GET /api/traders/{id}/simulate',
  'GET /api/market/instruments',
  'GET /api/market/quotes',
  'GET /api/market/candles/{symbol}',
  'GET /api/market/stream',
  // the contact form: visitors write to support (rate-limited per address)
  'POST /api/contact',
]);
/** Authenticated by the refresh cookie, not the bearer token. */
const COOKIE = new Set(['GET /api/auth/refresh', 'POST /api/auth/logout']);
const ADMIN = /^\/api\/(admin\/|admin_details$|user\/(get-all|create|block|update|\{id\}\/balance-adjustments)$)/;
/** Trader routes (product.md §6: "Trader (Admin with traderId)"); traders/me and trader/settings are the trader's own only. */
const TRADER = /^\/api\/trader\//;
const TRADER_ONLY = new Set(['PATCH /api/traders/me', 'PATCH /api/trader/settings']);

function accessOf(route: string, path: string): Access {
  if (PUBLIC.has(route)) return 'public';
  if (COOKIE.has(route)) return 'cookie';
  if (TRADER_ONLY.has(route)) return 'trader-only';
  if (ADMIN.test(path)) return 'admin';
  if (TRADER.test(path)) return 'trader';
  return 'signed-in';
}

/** The expected outcome, as a check on (status, code); returns a failure message or null. */
function check(access: Access, who: Who, status: number, code: string | undefined): string | null {
  if (status >= 500) return `server error ${status}`;
  if (access === 'public' || access === 'cookie') return status === 403 && code === 'FORBIDDEN' ? 'refused a public route' : null;
  if (who === 'anonymous') return status === 401 ? null : `expected 401, got ${status}`;
  const refusedForRole = status === 401 || (status === 403 && code === 'FORBIDDEN');
  const allowed =
    access === 'signed-in' ||
    (who === 'Admin' && access !== 'trader-only') ||
    ((access === 'trader' || access === 'trader-only') && who === 'Trader');
  if (allowed) return refusedForRole ? `expected access, got ${status} ${code ?? ''}` : null;
  return status === 403 && code === 'FORBIDDEN' ? null : `expected 403 FORBIDDEN, got ${status} ${code ?? ''}`;
}

interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: { type?: string } }>;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

describe('authorization matrix (every route × anonymous, User, Trader, Admin)', () => {
  let t: TestApp;
  let routes: Array<{ method: string; path: string; op: Operation }>;
  const callers: Partial<Record<Who, TestUser>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    callers.User = await createUser(t, { kyc: 'Verified' });
    const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const [profile] = await t.sql<{ id: number }>(`INSERT INTO trader_profiles (user_id, name) VALUES (?, 'Matrix trader') RETURNING id`, [trader.id]);
    const traderToken = signAccessToken(t, { userId: trader.id, email: trader.email, username: trader.username, roles: trader.roles, kyc: 'Verified', traderID: profile.id });
    callers.Trader = { ...trader, token: traderToken, bearer: `Bearer ${traderToken}` };
    callers.Admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    const doc = await t.http().get('/api/docs-json').expect(200);
    routes = Object.entries<Record<string, Operation>>(doc.body.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  });
  afterAll(() => t.close());

  it('reads the routes from the OpenAPI document (including this context’s)', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/user/get',
        'GET /api/user/get-all',
        'POST /api/user/create',
        'POST /api/user/block',
        'POST /api/user/delete',
        'PATCH /api/user/update',
        'POST /api/user/requestKYC',
        'GET /api/admin_details',
        'POST /api/admin/impersonate',
        'GET /api/admin/kyc',
        'GET /api/admin/kyc/{id}/files/{name}',
        'GET /api/admin/audit',
      ]),
    );
  });

  it('every route answers each caller as its access rule says', async () => {
    const failures: string[] = [];
    for (const { method, path, op } of routes) {
      const route = `${method} ${path}`;
      const access = accessOf(route, path);
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
        if (name === 'name') return 'front';
        return param?.schema?.type === 'integer' || param?.schema?.type === 'number' ? '1' : '00000000-0000-4000-8000-000000000000';
      });
      const streaming = Object.values(op.responses ?? {}).some((r) => r.content && 'text/event-stream' in r.content);
      for (const who of ['anonymous', 'User', 'Trader', 'Admin'] as const) {
        if (streaming) {
          // Server-Sent Events never end by themselves: read the status, then hang up.
          const caller = callers[who as Exclude<Who, 'anonymous'>];
          const stream = await openSse(`${baseUrl(t.app.getHttpServer() as Server)}${url}`, caller ? { Authorization: caller.bearer } : {});
          stream.close();
          const problem = check(access, who, stream.status, stream.body ? (JSON.parse(stream.body) as { code?: string }).code : undefined);
          if (problem) failures.push(`${route} as ${who} (${access}): ${problem}`);
          continue;
        }
        let req = t.http()[method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'](url);
        const caller = callers[who as Exclude<Who, 'anonymous'>];
        if (caller) req = req.set('Authorization', caller.bearer);
        if (method !== 'GET') req = req.send({});
        const res = await req;
        const problem = check(access, who, res.status, res.body?.code);
        if (problem) failures.push(`${route} as ${who} (${access}): ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  /** Routes an admin acting as a user (admin/impersonate) must never reach (product.md §8, brief: password, account deletion, withdrawal). */
  const NOT_WHILE_IMPERSONATING: Array<[string, string, (ids: { self: string; other: string }) => Record<string, unknown>]> = [
    ['POST', '/api/auth/changepassword', () => ({ currentPassword: 'current-password-1', newPassword: 'another-password-2' })],
    ['POST', '/api/user/delete', ({ self }) => ({ userId: self, password: 'current-password-1' })],
    ['POST', '/api/admin/impersonate', ({ other }) => ({ userId: other })],
    ['POST', '/api/wallet/withdraw', () => ({ amount: '1.00', destination: 'IBAN DE00 0000' })],
  ];

  it.each(NOT_WHILE_IMPERSONATING)('refuses an impersonation token on %s %s (403)', async (method, path, body) => {
    const admin = callers.Admin!;
    // Admins cannot be impersonated (see below), so the token is always a non-admin's.
    const target = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const { body: issued } = await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: target.id }).expect(200);
    // Roles are read live: a user promoted after the token was issued reaches the admin route, where
    // the chaining rule (not the role check) must refuse it.
    if (path === '/api/admin/impersonate') await t.sql(`UPDATE users SET roles = '{User,Admin}' WHERE id = ?`, [target.id]);
    const http = t.http();
    const res = await http[method.toLowerCase() as 'post'](path)
      .set('Authorization', `Bearer ${issued.accessToken}`)
      .send(body({ self: target.id, other: callers.User!.id }));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/acting as|impersonat/i);
  });

  it('refuses impersonating another Admin (403 USERS.IMPERSONATE_ADMIN_FORBIDDEN) and issues nothing, audits nothing', async () => {
    const admin = callers.Admin!;
    const otherAdmin = await createUser(t, { roles: ['User', 'Admin'] });
    const res = await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: otherAdmin.id }).expect(403);
    expect(res.body).toMatchObject({ code: 'USERS.IMPERSONATE_ADMIN_FORBIDDEN', message: expect.stringMatching(/admin/i) });
    expect(res.body.accessToken).toBeUndefined();
    expect(await t.sql("SELECT 1 FROM audit_log WHERE action = 'user.impersonate' AND target_id = ?", [otherAdmin.id])).toHaveLength(0);
  });

  it('refuses a role the token claims but the database does not grant (roles are read live)', async () => {
    const user = callers.User!;
    const forged = signAccessToken(t, { userId: user.id, email: user.email, username: user.username, roles: ['User', 'Admin'] });
    const res = await t.http().get('/api/user/get-all').set('Authorization', `Bearer ${forged}`).expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('a User body cannot grant itself roles, balance or KYC (mass assignment → 400)', async () => {
    const user = callers.User!;
    await t.http().patch('/api/user/update').set('Authorization', user.bearer).send({ userId: user.id, roles: ['Admin'] }).expect(403);
    for (const extra of [{ roles: ['Admin'] }, { balance: '1000.00' }, { KYC: 'Verified' }, { emailVerified: true }]) {
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ username: 'mass_assign', firstname: 'M', lastname: 'A', email: 'mass@example.test', password: 'a-strong-password', ...extra })
        .expect(400);
      expect(res.body.message).toContain(Object.keys(extra)[0]);
    }
    expect(await t.sql("SELECT 1 FROM users WHERE email = 'mass@example.test'")).toHaveLength(0);
  });
});
