import { Mailer } from '@mirrorline/mail';
import { captureMails } from '@mirrorline/mail/testing';
import { RATE_LIMITS, type RateLimitName } from '@mirrorline/auth';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser } from './support/users';

/** Per-IP limits of the auth routes (the per-email login limit is in auth-login.e2e-spec.ts). */
describe('auth throttling per IP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    captureMails(t.app.get(Mailer));
  });
  afterAll(() => t.close());

  it(`login: ${RATE_LIMITS.login.limit} attempts per IP per 15 minutes, then 429 "Too many login attempts" with Retry-After`, async () => {
    const ip = '203.0.113.7';
    // Different emails each time: this is the per-IP limit, not the per-email one.
    for (let i = 0; i < RATE_LIMITS.login.limit; i++) {
      const res = await t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: `probe${i}@example.test`, password: 'whatever12' });
      expect(res.status).toBe(401);
    }
    const limited = await t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: 'another@example.test', password: 'whatever12' });
    expect(limited.status).toBe(429);
    // The same answer as the per-email limit (product.md): one message, and no telling which limit was hit.
    expect(limited.body).toEqual({ statusCode: 429, message: 'Too many login attempts', code: 'AUTH.TOO_MANY_LOGIN_ATTEMPTS' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another address is not affected.
    await t.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.8').send({ email: 'x@example.test', password: 'whatever12' }).expect(401);
  });

  it(`createnewotp: ${RATE_LIMITS['otp-send'].limit} requests per IP, then 429 with Retry-After`, async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < RATE_LIMITS['otp-send'].limit; i++) {
      await t.http().post('/api/auth/createnewotp').set('X-Forwarded-For', ip).send({ email: `x${i}@example.test` }).expect(200);
    }
    const limited = await t.http().post('/api/auth/createnewotp').set('X-Forwarded-For', ip).send({ email: 'y@example.test' }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // forgotpassword/sendotp counts separately (its own route).
    await t.http().post('/api/auth/forgotpassword/sendotp').set('X-Forwarded-For', ip).send({ email: 'y@example.test' }).expect(200);
  });

  it(`verifyotp: ${RATE_LIMITS['otp-verify'].limit} tries per IP across emails, then 429`, async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < RATE_LIMITS['otp-verify'].limit; i++) {
      await t.http().post('/api/auth/verifyotp').set('X-Forwarded-For', ip).send({ email: `v${i}@example.test`, otp: '123456' }).expect(400);
    }
    const limited = await t.http().post('/api/auth/verifyotp').set('X-Forwarded-For', ip).send({ email: 'v@example.test', otp: '123456' }).expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('routes of other contexts are never counted', async () => {
    for (let i = 0; i < 120; i++) await t.http().get('/api/health').set('X-Forwarded-For', '192.0.2.1').expect(200);
  });

  it('failures are counted per (email, address): a flood from other addresses does not lock the owner out; the same address is limited', async () => {
    // product.md §10 replaced "5 failures per email": a stranger's failures count against the stranger's address.
    const email = 'victim@example.test';
    for (let i = 0; i < 5; i++) {
      await t.http().post('/api/auth/login').set('X-Forwarded-For', `192.0.2.${100 + i}`).send({ email, password: 'guess-guess' }).expect(401);
    }
    await t.http().post('/api/auth/login').set('X-Forwarded-For', '192.0.2.200').send({ email, password: 'guess-guess' }).expect(401);
    for (let i = 0; i < 4; i++) {
      await t.http().post('/api/auth/login').set('X-Forwarded-For', '192.0.2.200').send({ email, password: 'guess-guess' }).expect(401);
    }
    const res = await t.http().post('/api/auth/login').set('X-Forwarded-For', '192.0.2.200').send({ email, password: 'guess-guess' }).expect(429);
    expect(res.body).toEqual({ statusCode: 429, message: 'Too many login attempts', code: 'AUTH.TOO_MANY_LOGIN_ATTEMPTS' });
  });

  // Every limited route, table-driven from RATE_LIMITS. Bodies are empty: the limit is counted before
  // validation (guards run before pipes), so each counted request is a cheap 400.
  const LIMITED_ROUTES: { route: string; limit: RateLimitName; authenticated?: boolean }[] = [
    { route: 'register', limit: 'register' },
    { route: 'login', limit: 'login' },
    { route: 'createnewotp', limit: 'otp-send' },
    { route: 'forgotpassword/sendotp', limit: 'otp-send' },
    { route: 'verifyotp', limit: 'otp-verify' },
    { route: 'forgotpassword/verifyotp', limit: 'otp-verify' },
    { route: 'forgotpassword/reset', limit: 'password' },
    { route: 'changepassword', limit: 'password', authenticated: true },
    // not under auth/: the public contact form
    { route: '/contact', limit: 'contact' },
  ];

  const pathOf = (route: string) => (route.startsWith('/') ? `/api${route}` : `/api/auth/${route}`);

  it('every limited route is in the table, and every limit is used', () => {
    expect(new Set(LIMITED_ROUTES.map((r) => r.limit))).toEqual(new Set(Object.keys(RATE_LIMITS)));
  });

  it.each(LIMITED_ROUTES.map((r, i) => [r.route, r.limit, RATE_LIMITS[r.limit].limit, Boolean(r.authenticated), i] as const))(
    'POST %s: the %s limit (%i per IP per 15 minutes), then 429 JSON with Retry-After',
    async (route, name, limit, authenticated, index) => {
      const ip = `198.18.${index}.1`;
      const bearer = authenticated ? (await createUser(t)).bearer : undefined;
      const post = () => {
        const req = t.http().post(pathOf(route)).set('X-Forwarded-For', ip);
        return (bearer ? req.set('Authorization', bearer) : req).send({});
      };
      for (let i = 0; i < limit; i++) expect((await post()).status).toBe(400);
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^application\/json/);
      expect(limited.body).toEqual({ statusCode: 429, message: RATE_LIMITS[name].message, code: RATE_LIMITS[name].code });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS[name].ttl / 1000);
      // Another address is not affected.
      const other = t.http().post(pathOf(route)).set('X-Forwarded-For', `198.19.${index}.1`);
      expect((await (bearer ? other.set('Authorization', bearer) : other).send({})).status).toBe(400);
    },
  );

  it('parallel guesses on one email from one address: at most 5 reach the password check, the rest get 429', async () => {
    const email = 'parallel-victim@example.test';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.http().post('/api/auth/login').set('X-Forwarded-For', '192.0.2.10').send({ email, password: `guess-${i}-guess` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });
});
