import { Clock } from '@mirrorline/shared';
import { Mailer } from '@mirrorline/mail';
import { captureMails } from '@mirrorline/mail/testing';
import { type InMemoryMailer } from '@mirrorline/mail/testing';
import { createTestApp, type TestApp } from './test-app';

// The set-up the auth specs (test/auth-*.e2e-spec.ts, one file per endpoint group) share: one app per file with
// TRUST_PROXY on, captured mails, a clock that can be advanced, and helpers for the sign-up and sign-in flows.

export const PASSWORD = 'correct horse battery';
export const MINUTE = 60_000;

export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, any> } {
  const [h, p] = token.split('.');
  return { header: JSON.parse(Buffer.from(h, 'base64url').toString()), payload: JSON.parse(Buffer.from(p, 'base64url').toString()) };
}

export function refreshCookie(res: { headers: Record<string, unknown> }): { value: string; raw: string } | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const raw = cookies.find((c) => c.startsWith('refresh_token='));
  if (!raw) return undefined;
  return { value: decodeURIComponent(raw.split(';')[0].slice('refresh_token='.length)), raw };
}

/**
 * Call at the top of a describe: registers its beforeAll/afterAll/afterEach and returns the helpers. `t` and
 * `outbox` are set once beforeAll ran (read them inside tests or hooks, not at collection time).
 */
export function useAuthApp() {
  let offsetMs = 0;
  let seq = 0;

  // Each request from its own address (TRUST_PROXY on): the per-IP limits are tested in auth-throttling.e2e-spec.ts.
  let ipSeq = 0;
  const nextIp = () => {
    ipSeq++;
    return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
  };
  const http = () => ({
    get: (url: string) => spec.t.http().get(url).set('X-Forwarded-For', nextIp()),
    post: (url: string) => spec.t.http().post(url).set('X-Forwarded-For', nextIp()),
  });

  const advance = (ms: number) => {
    offsetMs += ms;
  };
  const nextName = () => `u${Date.now().toString(36)}${++seq}`;

  async function register(overrides: Partial<Record<string, string>> = {}) {
    const username = overrides.username ?? nextName();
    const body = { username, firstname: 'Jane', lastname: 'Doe', email: `${username}@Example.test`, password: PASSWORD, ...overrides };
    const res = await http().post('/api/auth/register').send(body);
    return { res, email: body.email.toLowerCase(), username, password: body.password };
  }

  async function verifiedUser() {
    const user = await register();
    expect(user.res.status).toBe(201);
    await http().post('/api/auth/verifyotp').send({ email: user.email, otp: spec.outbox.lastCodeFor(user.email) }).expect(200);
    return user;
  }

  async function login(email: string, password = PASSWORD) {
    const res = await http().post('/api/auth/login').send({ email, password });
    return { res, accessToken: res.body.accessToken as string, cookie: refreshCookie(res) };
  }

  const refresh = (cookieValue?: string) => {
    const req = http().get('/api/auth/refresh');
    return cookieValue ? req.set('Cookie', `refresh_token=${cookieValue}`) : req;
  };

  /** changepassword with an empty body: 400 once the token is accepted, 401/403 otherwise. */
  const probe = (bearer?: string) => {
    const req = http().post('/api/auth/changepassword').send({});
    return bearer ? req.set('Authorization', bearer) : req;
  };

  beforeAll(async () => {
    spec.t = await createTestApp({ TRUST_PROXY: 'true' });
    spec.outbox = captureMails(spec.t.app.get(Mailer));
    const clock = spec.t.app.get(Clock);
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + offsetMs));
  });
  afterAll(() => spec.t.close());
  afterEach(() => {
    offsetMs = 0;
  });

  const spec = { t: undefined as unknown as TestApp, outbox: undefined as unknown as InMemoryMailer, http, advance, nextName, register, verifiedUser, login, refresh, probe };
  return spec;
}
