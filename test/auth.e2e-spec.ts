import { createHmac } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { IssueOneTimeCode, OTP_SEND_LIMIT } from '@mirrorline/otp';
import { captureMails, Mailer, type InMemoryMailer } from '@mirrorline/mail';
import { RevokeUserSessions, sealSecret, Totp } from '@mirrorline/auth';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, signAccessToken, totpCode } from './support/users';

const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;

function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, any> } {
  const [h, p] = token.split('.');
  return { header: JSON.parse(Buffer.from(h, 'base64url').toString()), payload: JSON.parse(Buffer.from(p, 'base64url').toString()) };
}

function refreshCookie(res: { headers: Record<string, unknown> }): { value: string; raw: string } | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const raw = cookies.find((c) => c.startsWith('refresh_token='));
  if (!raw) return undefined;
  return { value: decodeURIComponent(raw.split(';')[0].slice('refresh_token='.length)), raw };
}

describe('auth (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let outbox: InMemoryMailer;
  let offsetMs = 0;
  let seq = 0;

  // Each request from its own address (TRUST_PROXY on): the per-IP limits are tested in auth-throttling.e2e-spec.ts.
  let ipSeq = 0;
  const nextIp = () => {
    ipSeq++;
    return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
  };
  const http = () => ({
    get: (url: string) => t.http().get(url).set('X-Forwarded-For', nextIp()),
    post: (url: string) => t.http().post(url).set('X-Forwarded-For', nextIp()),
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
    await http().post('/api/auth/verifyotp').send({ email: user.email, otp: outbox.lastCodeFor(user.email) }).expect(200);
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
    t = await createTestApp({ TRUST_PROXY: 'true' });
    outbox = captureMails(t.app.get(Mailer));
    const clock = t.app.get(Clock);
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + offsetMs));
  });
  afterAll(() => t.close());
  afterEach(() => {
    offsetMs = 0;
  });

  describe('POST register/', () => {
    it('201 {message}, emails a 6-digit code, stores an argon2id hash and a lower-case email', async () => {
      const { res, email, username } = await register();
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
      expect(outbox.lastCodeFor(email)).toMatch(/^\d{6}$/);
      const [row] = await t.sql<{ email: string; password_hash: string; email_verified: boolean; roles: string[] }>(
        'SELECT email, password_hash, email_verified, roles FROM users WHERE username = ?',
        [username],
      );
      expect(row.email).toBe(email);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.email_verified).toBe(false);
      expect(row.roles).toEqual(['User']);
      // The code is stored hashed only.
      const codes = await t.sql<{ code_hash: string }>('SELECT code_hash FROM one_time_codes c JOIN users u ON u.id = c.user_id WHERE u.username = ?', [username]);
      expect(codes).toHaveLength(1);
      expect(codes[0].code_hash).not.toContain(outbox.lastCodeFor(email));
    });

    it.each([
      ['a username that is too short', { username: 'ab' }, 'username'],
      ['a username with spaces', { username: 'bad name' }, 'username'],
      ['a 7-character password', { password: 'short77' }, 'password'],
      ['a 129-character password', { password: 'x'.repeat(129) }, 'password'],
      ['an invalid email', { email: 'not-an-email' }, 'email'],
      ['an empty firstname', { firstname: '' }, 'firstname'],
      ['a 65-character lastname', { lastname: 'x'.repeat(65) }, 'lastname'],
    ])('400 for %s', async (_label, overrides, field) => {
      const { res } = await register(overrides as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBeDefined();
    });

    it('400 for a missing field and for an unknown field', async () => {
      await http().post('/api/auth/register').send({ username: nextName(), firstname: 'a', lastname: 'b', password: PASSWORD }).expect(400);
      const { res } = await register({ roles: 'Admin' } as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('roles is not an allowed field');
    });

    it('accepts exactly 8 and 128 characters', async () => {
      expect((await register({ password: '12345678' })).res.status).toBe(201);
      expect((await register({ password: 'p'.repeat(128) })).res.status).toBe(201);
    });

    it('409 when the email or the username is taken, case-insensitively', async () => {
      const first = await register();
      const sameEmail = await register({ email: first.email.toUpperCase() });
      expect(sameEmail.res.status).toBe(409);
      expect(sameEmail.res.body.message).toBe('This email is already registered');
      const sameName = await register({ username: first.username.toUpperCase(), email: `${nextName()}@example.test` });
      expect(sameName.res.status).toBe(409);
      expect(sameName.res.body.message).toBe('This username is already taken');
    });
  });

  describe('POST verifyotp/ and createnewotp/', () => {
    it('verifies the email with the right code, once, and signs the user in as a login does (token + refresh cookie)', async () => {
      const { email, username } = await register();
      const code = outbox.lastCodeFor(email);
      const ok = await http().post('/api/auth/verifyotp').set('User-Agent', 'verify-agent').send({ email, otp: code }).expect(200);
      expect(ok.body).toEqual({ message: 'Your email has been verified', accessToken: expect.any(String) });
      const [row] = await t.sql<{ id: string; email_verified: boolean }>('SELECT id, email_verified FROM users WHERE email = ?', [email]);
      expect(row.email_verified).toBe(true);
      // The same session a login opens: a verified token of the user, its session listed, the cookie refreshes it.
      const { payload } = decodeJwt(ok.body.accessToken);
      expect(payload).toMatchObject({ sub: row.id, typ: 'access', sid: expect.any(String), UserInfo: { userId: row.id, username, verified: true } });
      const me = await http().get('/api/user/get').set('Authorization', `Bearer ${ok.body.accessToken}`).expect(200);
      expect(me.body.user).toMatchObject({ email, verified: true });
      const sessions = await http().get('/api/auth/sessions').set('Authorization', `Bearer ${ok.body.accessToken}`).expect(200);
      expect(sessions.body.items).toEqual([expect.objectContaining({ id: payload.sid, userAgent: 'verify-agent', current: true })]);
      const cookie = refreshCookie(ok);
      expect(cookie?.raw).toMatch(/HttpOnly/i);
      expect(cookie?.raw).toMatch(/SameSite=Strict/i);
      const refreshed = await http().get('/api/auth/refresh').set('Cookie', `refresh_token=${encodeURIComponent(cookie!.value)}`).expect(200);
      expect(decodeJwt(refreshed.body.accessToken).payload.sub).toBe(row.id);
      // The code is spent: no second session from it.
      const again = await http().post('/api/auth/verifyotp').send({ email, otp: code }).expect(400);
      expect(again.body.code).toBe('OTP.INVALID');
      expect(refreshCookie(again)).toBeUndefined();
    });

    it('verifying signs in only where a login would: 2FA gets the code step, a blocked account and an Admin without 2FA no session', async () => {
      const sessionsOf = async (email: string) =>
        Number((await t.sql<{ n: string }>('SELECT count(*) AS n FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?', [email]))[0].n);
      // 2FA on (an account can have it before verifying only through an admin, but the rule is the login's): the mfa challenge.
      const withMfa = await register();
      const secret = Totp.newSecret();
      await t.sql(
        'INSERT INTO user_mfa (user_id, secret_enc, enabled_at) SELECT id, ?, now() FROM users WHERE email = ?',
        [sealSecret(t.config.mfaEncryptionKey, secret), withMfa.email],
      );
      const challenged = await http().post('/api/auth/verifyotp').send({ email: withMfa.email, otp: outbox.lastCodeFor(withMfa.email) }).expect(200);
      expect(challenged.body).toEqual({ message: 'Your email has been verified', mfaRequired: true, mfaToken: expect.any(String) });
      expect(refreshCookie(challenged)).toBeUndefined();
      expect(await sessionsOf(withMfa.email)).toBe(0);
      const done = await http().post('/api/auth/login/mfa').send({ mfaToken: challenged.body.mfaToken, code: totpCode(secret) }).expect(200);
      expect(done.body.accessToken).toEqual(expect.any(String));
      expect(refreshCookie(done)).toBeDefined();

      // An Admin without 2FA is verified but never signed in by a mailed code: they sign in and enrol.
      const admin = await register();
      await t.sql("UPDATE users SET roles = '{User,Admin}' WHERE email = ?", [admin.email]);
      const adminRes = await http().post('/api/auth/verifyotp').send({ email: admin.email, otp: outbox.lastCodeFor(admin.email) }).expect(200);
      expect(adminRes.body).toEqual({ message: 'Your email has been verified' });
      expect(refreshCookie(adminRes)).toBeUndefined();
      expect(await sessionsOf(admin.email)).toBe(0);

      // A blocked account: verified, no session.
      const blocked = await register();
      await t.sql('UPDATE users SET blocked = true WHERE email = ?', [blocked.email]);
      const blockedRes = await http().post('/api/auth/verifyotp').send({ email: blocked.email, otp: outbox.lastCodeFor(blocked.email) }).expect(200);
      expect(blockedRes.body).toEqual({ message: 'Your email has been verified' });
      expect(refreshCookie(blockedRes)).toBeUndefined();
      expect(await sessionsOf(blocked.email)).toBe(0);
    });

    it('400 for a wrong code, a malformed code, an unknown email', async () => {
      const { email } = await register();
      const code = outbox.lastCodeFor(email);
      const wrong = code === '000000' ? '000001' : '000000';
      await http().post('/api/auth/verifyotp').send({ email, otp: wrong }).expect(400);
      await http().post('/api/auth/verifyotp').send({ email, otp: '12345' }).expect(400);
      await http().post('/api/auth/verifyotp').send({ email: `nobody-${nextName()}@example.test`, otp: code }).expect(400);
    });

    it('a code expires after 10 minutes', async () => {
      const { email } = await register();
      const code = outbox.lastCodeFor(email);
      advance(10 * MINUTE + 1000);
      const res = await http().post('/api/auth/verifyotp').send({ email, otp: code }).expect(400);
      expect(res.body.message).toBe('The code is wrong or has expired');
    });

    it('is still valid just before 10 minutes', async () => {
      const { email } = await register();
      advance(10 * MINUTE - 5000);
      await http().post('/api/auth/verifyotp').send({ email, otp: outbox.lastCodeFor(email) }).expect(200);
    });

    it('5 wrong tries burn the code: then 429 with Retry-After, even for the right code', async () => {
      const { email } = await register();
      const code = outbox.lastCodeFor(email);
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) await http().post('/api/auth/verifyotp').send({ email, otp: wrong }).expect(400);
      const burned = await http().post('/api/auth/verifyotp').send({ email, otp: code }).expect(429);
      expect(burned.body.code).toBe('OTP.TOO_MANY_ATTEMPTS');
      expect(Number(burned.headers['retry-after'])).toBeGreaterThan(0);
      // A new code starts over.
      await http().post('/api/auth/createnewotp').send({ email }).expect(200);
      const fresh = outbox.lastCodeFor(email);
      await http().post('/api/auth/verifyotp').send({ email, otp: fresh }).expect(200);
    });

    it('createnewotp answers the same for unknown emails, replaces the old code for known ones', async () => {
      const { email } = await register();
      const oldCode = outbox.lastCodeFor(email);
      const known = await http().post('/api/auth/createnewotp').send({ email }).expect(200);
      const unknownEmail = `ghost-${nextName()}@example.test`;
      const unknown = await http().post('/api/auth/createnewotp').send({ email: unknownEmail }).expect(200);
      expect(unknown.body).toEqual(known.body);
      expect(outbox.to(unknownEmail)).toHaveLength(0);
      const newCode = outbox.lastCodeFor(email);
      expect(outbox.to(email)).toHaveLength(2);
      if (newCode !== oldCode) await http().post('/api/auth/verifyotp').send({ email, otp: oldCode }).expect(400);
      await http().post('/api/auth/verifyotp').send({ email, otp: newCode }).expect(200);
    });

    it('createnewotp → 400 for a malformed email', async () => {
      await http().post('/api/auth/createnewotp').send({ email: 'nope' }).expect(400);
    });

    it('20 parallel verifyotp with the right code → exactly one success; the used code counts as wrong after that', async () => {
      const { email } = await register();
      const otp = outbox.lastCodeFor(email);
      const results = await Promise.all(Array.from({ length: 20 }, () => http().post('/api/auth/verifyotp').send({ email, otp })));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // Tries on one email are serialised: the first one in succeeds (and clears the count), the next
      // five meet a used code (400), and the rest find five wrong tries already counted (429).
      expect(statuses.filter((s) => s === 400)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    });

    it.each([
      ['verifyotp', '/api/auth/verifyotp', '/api/auth/createnewotp'],
      ['forgotpassword/verifyotp', '/api/auth/forgotpassword/verifyotp', '/api/auth/forgotpassword/sendotp'],
    ])('%s: an unknown email reaches 429 at the 6th wrong try, with the same answers as a known one (no enumeration)', async (_name, verifyUrl, requestUrl) => {
      const { email } = await register();
      await http().post(requestUrl).send({ email }).expect(200);
      const code = outbox.lastCodeFor(email);
      const wrong = code === '999999' ? '999998' : '999999';
      const sixTries = async (address: string) => {
        const answers = [];
        for (let i = 0; i < 6; i++) {
          const res = await http().post(verifyUrl).send({ email: address, otp: wrong });
          answers.push({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] !== undefined });
        }
        return answers;
      };
      const known = await sixTries(email);
      const unknown = await sixTries(`nobody-${nextName()}@Example.test`);
      expect(unknown).toEqual(known);
      expect(unknown.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429]);
      expect(unknown[5]).toEqual({
        status: 429,
        body: { statusCode: 429, message: 'Too many wrong codes. Request a new code.', code: 'OTP.TOO_MANY_ATTEMPTS' },
        retryAfter: true,
      });
      // A verified account has no live verification code: it is counted all the same.
      if (verifyUrl === '/api/auth/verifyotp') {
        const verified = await createUser(t);
        expect((await sixTries(verified.email)).map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429]);
      }
    });

    it('10 parallel createnewotp for one email issue no more codes than the send limit', async () => {
      const { email, username } = await register();
      const results = await Promise.all(Array.from({ length: 10 }, () => http().post('/api/auth/createnewotp').send({ email })));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const [{ n }] = await t.sql<{ n: string }>(
        "SELECT count(*) AS n FROM one_time_codes c JOIN users u ON u.id = c.user_id WHERE u.username = ? AND c.purpose = 'email_verification'",
        [username],
      );
      // The sign-up code plus four: OTP_SEND_LIMIT (5) per 15 minutes, however the requests interleave.
      expect(Number(n)).toBe(5);
      expect(outbox.to(email)).toHaveLength(5);
    });

    it('IssueOneTimeCode itself, 10 in parallel for one user: no more than the send limit (lock before count)', async () => {
      // Straight at the use case: the HTTP route also serialises per email, which would hide a race here.
      const { username } = await register();
      const [{ id }] = await t.sql<{ id: string }>('SELECT id FROM users WHERE username = ?', [username]);
      const issue = t.app.get(IssueOneTimeCode, { strict: false });
      const uow = t.app.get(UnitOfWork, { strict: false });
      const issued = await Promise.all(Array.from({ length: 10 }, () => uow.run((tx) => issue.execute(tx, { userId: id, purpose: 'password_reset' }))));
      expect(issued.filter((code) => code !== null)).toHaveLength(OTP_SEND_LIMIT);
      const [{ n }] = await t.sql<{ n: string }>("SELECT count(*) AS n FROM one_time_codes WHERE user_id = ? AND purpose = 'password_reset'", [id]);
      expect(Number(n)).toBe(OTP_SEND_LIMIT);
    });

    it('a code of one purpose is refused for the other', async () => {
      const { email } = await register();
      const verificationCode = outbox.lastCodeFor(email);
      await http().post('/api/auth/forgotpassword/verifyotp').send({ email, otp: verificationCode }).expect(400);
      await http().post('/api/auth/forgotpassword/sendotp').send({ email }).expect(200);
      const resetCode = outbox.lastCodeFor(email);
      await http().post('/api/auth/verifyotp').send({ email, otp: resetCode }).expect(400);
      // Each still works for its own purpose (the failed cross tries only counted against the other code).
      await http().post('/api/auth/verifyotp').send({ email, otp: verificationCode }).expect(200);
      await http().post('/api/auth/forgotpassword/verifyotp').send({ email, otp: resetCode }).expect(200);
    });
  });

  describe('POST login/', () => {
    it('200 {accessToken} with the UserInfo payload and the refresh cookie', async () => {
      const { email, username } = await verifiedUser();
      const { res, accessToken, cookie } = await login(email);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['accessToken']);
      const { header, payload } = decodeJwt(accessToken);
      expect(header.alg).toBe('HS256');
      expect(payload.typ).toBe('access');
      expect(payload.exp - payload.iat).toBeCloseTo(900, 3);
      expect(payload.sub).toBe(payload.UserInfo.userId);
      expect(payload.UserInfo).toEqual({
        userId: expect.any(String),
        verified: true,
        email,
        username,
        firstname: 'Jane',
        lastname: 'Doe',
        traderID: null,
        copyID: [],
        balance: '0.00',
        tradingBalance: '0.00',
        roles: ['User'],
        kycverified: false,
        kycstring: 'Unverified',
        copiedTrades: 0,
      });
      expect(JSON.stringify(payload)).not.toMatch(/password/i);
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.raw).toMatch(/HttpOnly/);
      expect(cookie?.raw).toMatch(/SameSite=Strict/);
      expect(cookie?.raw).toMatch(/Path=\/api\/auth/);
      expect(cookie?.raw).not.toMatch(/Secure/); // NODE_ENV=test: Secure only in production
      const expires = new Date(/Expires=([^;]+)/.exec(cookie!.raw)![1]).getTime();
      expect(Math.abs(expires - Date.now() - 7 * 24 * 3600 * 1000)).toBeLessThan(60_000);
      // Stored hashed only (the login's session; verifying the email opened another one).
      const stored = await t.sql<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens WHERE user_id = ? AND family_id = ?', [payload.sub, payload.sid]);
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).not.toBe(cookie?.value);
      // The token opens protected routes.
      await probe(`Bearer ${accessToken}`).expect(400);
    });

    it('the email is matched case-insensitively', async () => {
      const { email } = await verifiedUser();
      expect((await login(email.toUpperCase())).res.status).toBe(200);
    });

    it('balances in UserInfo come from the ledger accounts', async () => {
      const { email } = await verifiedUser();
      const [user] = await t.sql<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]);
      const [cash] = await t.sql<{ id: string }>(`INSERT INTO ledger_accounts (owner_id, kind) VALUES (?, 'cash') RETURNING id`, [user.id]);
      const [platform] = await t.sql<{ id: string }>(`SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'`);
      await t.sql(
        `WITH tx AS (INSERT INTO ledger_transactions (type) VALUES ('deposit') RETURNING id)
         INSERT INTO ledger_entries (transaction_id, account_id, amount)
         SELECT tx.id, e.a, e.m FROM tx, (VALUES (?::bigint, -125050::bigint), (?::bigint, 125050::bigint)) e(a, m)`,
        [platform.id, cash.id],
      );
      const { payload } = decodeJwt((await login(email)).accessToken);
      expect(payload.UserInfo.balance).toBe('1250.50');
      expect(payload.UserInfo.tradingBalance).toBe('0.00');
    });

    it('401 "Invalid email or password" for a wrong password and for an unknown email alike', async () => {
      const { email } = await verifiedUser();
      const wrong = await login(email, 'wrong password!');
      expect(wrong.res.status).toBe(401);
      expect(wrong.res.body.message).toBe('Invalid email or password');
      expect(wrong.cookie).toBeUndefined();
      const unknown = await login(`nobody-${nextName()}@example.test`);
      expect(unknown.res.status).toBe(401);
      expect(unknown.res.body).toEqual(wrong.res.body);
    });

    it('402 "You have not verified your email" for the right password of an unverified account', async () => {
      const { email } = await register();
      const res = (await login(email)).res;
      expect(res.status).toBe(402);
      expect(res.body.message).toBe('You have not verified your email');
    });

    it('403 code BLOCKED for a blocked account (401 with a wrong password)', async () => {
      const { email } = await verifiedUser();
      await t.sql('UPDATE users SET blocked = true WHERE email = ?', [email]);
      const res = (await login(email)).res;
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('BLOCKED');
      expect((await login(email, 'wrong password!')).res.status).toBe(401);
    });

    it('a deleted account cannot sign in', async () => {
      const { email } = await verifiedUser();
      await t.sql('UPDATE users SET deleted_at = now() WHERE email = ?', [email]);
      expect((await login(email)).res.status).toBe(401);
    });

    it('400 for a missing password or a malformed email', async () => {
      await http().post('/api/auth/login').send({ email: 'a@b.test' }).expect(400);
      await http().post('/api/auth/login').send({ email: 'nope', password: PASSWORD }).expect(400);
    });

    it('5 failures per (email, address) in 15 minutes → 429 "Too many login attempts" with Retry-After, then free again', async () => {
      // product.md §10: counted per (email, client address); another address is not locked (security-login spec).
      const { email } = await verifiedUser();
      const from = (password = PASSWORD) => t.http().post('/api/auth/login').set('X-Forwarded-For', '10.250.0.1').send({ email, password });
      for (let i = 0; i < 5; i++) expect((await from(`wrong password ${i}`)).status).toBe(401);
      const locked = await from();
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Too many login attempts');
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      // Other emails are not affected.
      const other = await verifiedUser();
      expect((await login(other.email)).res.status).toBe(200);
      advance(15 * MINUTE + 1000);
      expect((await from()).status).toBe(200);
    });

    it('a success clears the failure count', async () => {
      const { email } = await verifiedUser();
      for (let i = 0; i < 4; i++) await login(email, `wrong password ${i}`);
      expect((await login(email)).res.status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(email, `wrong password ${i}`)).res.status).toBe(401);
      expect((await login(email)).res.status).toBe(200);
    });
  });

  describe('access tokens (global guard)', () => {
    it('missing → 401; tampered, alg none, wrong key, expired, refresh token → 403 TOKEN_EXPIRED with WWW-Authenticate', async () => {
      const { email } = await verifiedUser();
      const { accessToken, cookie } = await login(email);
      await probe().expect(401);
      const [h, p, s] = accessToken.split('.');
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      const tamperedPayload = Buffer.from(JSON.stringify({ ...payload, UserInfo: { ...payload.UserInfo, roles: ['User', 'Admin'] } })).toString('base64url');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const forgedKey = createHmac('sha256', 'not-the-key').update(`${h}.${p}`).digest('base64url');
      const user = { userId: payload.sub, email, username: payload.UserInfo.username, roles: ['User' as const] };
      const candidates = {
        tampered: `${h}.${tamperedPayload}.${s}`,
        algNone: `${none}.${p}.`,
        wrongKey: `${h}.${p}.${forgedKey}`,
        expired: signAccessToken(t, user, { expiresIn: -10 }),
        refreshTokenAsBearer: cookie!.value,
        refreshSecret: signAccessToken(t, user, { secret: t.config.jwtRefreshSecret }),
      };
      for (const [name, token] of Object.entries(candidates)) {
        const res = await probe(`Bearer ${token}`);
        expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status: 403, code: 'TOKEN_EXPIRED' });
        expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      }
    });

    it('the Bearer scheme is case-insensitive; another scheme or an empty token is a missing token (401)', async () => {
      const { email } = await verifiedUser();
      const { accessToken } = await login(email);
      await probe(`bearer ${accessToken}`).expect(400);
      await probe(`BEARER ${accessToken}`).expect(400);
      for (const header of ['Basic dXNlcjpwYXNzd29yZA==', `Token ${accessToken}`, 'Bearer', 'Bearer    ']) {
        const res = await probe(header);
        expect({ header, status: res.status, code: res.body.code }).toEqual({ header, status: 401, code: 'UNAUTHENTICATED' });
        expect(res.headers['www-authenticate']).toBeUndefined();
      }
      // A Bearer token that is not a JWT is still a (bad) token.
      await probe('Bearer not-a-jwt').expect(403);
    });

    it('a token whose typ is not access is refused', async () => {
      const { email } = await verifiedUser();
      const { payload } = decodeJwt((await login(email)).accessToken);
      const { iat: _iat, exp: _exp, ...claims } = payload;
      const token = new JwtService().sign({ ...claims, typ: 'refresh' }, { secret: t.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: 60 });
      // The same claims with typ access pass: only the type differs.
      await probe(`Bearer ${new JwtService().sign(claims, { secret: t.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: 60 })}`).expect(400);
      await probe(`Bearer ${token}`).expect(403);
    });

    it('RevokeUserSessions (exported for the admin block) ends access and refresh tokens', async () => {
      const { email } = await verifiedUser();
      const { accessToken, cookie } = await login(email);
      const { payload } = decodeJwt(accessToken);
      await probe(`Bearer ${accessToken}`).expect(400);
      await t.app.get(RevokeUserSessions).execute({ userId: payload.sub });
      await probe(`Bearer ${accessToken}`).expect(403);
      await refresh(cookie!.value).expect(403);
      // A new sign-in right after works (tokens issued after the revocation are valid).
      const again = await login(email);
      await probe(`Bearer ${again.accessToken}`).expect(400);
    });

    it('a blocked user\'s token stops working at once', async () => {
      const user = await createUser(t);
      await probe(user.bearer).expect(400);
      await t.sql('UPDATE users SET blocked = true WHERE id = ?', [user.id]);
      const res = await probe(user.bearer).expect(403);
      expect(res.body.code).toBe('TOKEN_EXPIRED');
    });
  });

  describe('GET refresh/ and POST logout/', () => {
    it('401 without a cookie', async () => {
      const res = await refresh().expect(401);
      expect(res.body.statusCode).toBe(401);
    });

    it('403 for an unknown cookie', async () => {
      await refresh('x'.repeat(43)).expect(403);
    });

    it('rotates: new access token and new cookie; the old cookie replayed revokes the whole family', async () => {
      const { email } = await verifiedUser();
      const first = await login(email);
      const r1 = await refresh(first.cookie!.value).expect(200);
      const second = refreshCookie(r1);
      expect(second?.value).toBeDefined();
      expect(second!.value).not.toBe(first.cookie!.value);
      expect(decodeJwt(r1.body.accessToken).payload.typ).toBe('access');
      await probe(`Bearer ${r1.body.accessToken}`).expect(400);
      const r2 = await refresh(second!.value).expect(200);
      const third = refreshCookie(r2)!;
      // Replay of an already rotated token: reuse detected, family revoked (even the newest token dies).
      const replay = await refresh(first.cookie!.value).expect(403);
      expect(replay.body.code).toBe('AUTH.REFRESH_REJECTED');
      await refresh(third.value).expect(403);
      // Another session of the same user (other family) is untouched.
      const other = await login(email);
      await refresh(other.cookie!.value).expect(200);
    });

    it('a refresh token expires after 7 days', async () => {
      const { email } = await verifiedUser();
      const { cookie } = await login(email);
      advance(7 * 24 * 60 * MINUTE + 1000);
      await refresh(cookie!.value).expect(403);
    });

    it('a blocked user cannot refresh', async () => {
      const { email } = await verifiedUser();
      const { cookie } = await login(email);
      await t.sql('UPDATE users SET blocked = true WHERE email = ?', [email]);
      await refresh(cookie!.value).expect(403);
    });

    it('the UserInfo of a refreshed token is current (e.g. after KYC changes)', async () => {
      const { email } = await verifiedUser();
      const { cookie } = await login(email);
      await t.sql(`UPDATE users SET kyc_status = 'Verified' WHERE email = ?`, [email]);
      const res = await refresh(cookie!.value).expect(200);
      expect(decodeJwt(res.body.accessToken).payload.UserInfo).toMatchObject({ kycverified: true, kycstring: 'Verified' });
    });

    it('logout revokes the family and clears the cookie; works without a cookie too', async () => {
      const { email } = await verifiedUser();
      const { cookie } = await login(email);
      const out = await http().post('/api/auth/logout').set('Cookie', `refresh_token=${cookie!.value}`).expect(200);
      const cleared = refreshCookie(out);
      expect(cleared?.value).toBe('');
      expect(cleared?.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(cleared?.raw).toMatch(/Path=\/api\/auth/);
      await refresh(cookie!.value).expect(403);
      await http().post('/api/auth/logout').expect(200);
    });
  });

  describe('forgot password', () => {
    it('sendotp answers the same for unknown emails and mails nothing to them', async () => {
      const { email } = await verifiedUser();
      const known = await http().post('/api/auth/forgotpassword/sendotp').send({ email }).expect(200);
      const ghost = `ghost-${nextName()}@example.test`;
      const unknown = await http().post('/api/auth/forgotpassword/sendotp').send({ email: ghost }).expect(200);
      expect(unknown.body).toEqual(known.body);
      expect(outbox.to(ghost)).toHaveLength(0);
      expect(outbox.to(email).at(-1)?.subject).toMatch(/reset/i);
    });

    it('code → single-use resetToken → new password; every session ends', async () => {
      const { email } = await verifiedUser();
      const sessionA = await login(email);
      const sessionB = await login(email);
      await http().post('/api/auth/forgotpassword/sendotp').send({ email }).expect(200);
      const verify = await http().post('/api/auth/forgotpassword/verifyotp').send({ email, otp: outbox.lastCodeFor(email) }).expect(200);
      expect(verify.body).toEqual({ resetToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      const stored = await t.sql<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens');
      expect(stored.map((r) => r.token_hash)).not.toContain(verify.body.resetToken);

      const newPassword = 'a brand new password';
      await http().post('/api/auth/forgotpassword/reset').send({ resetToken: verify.body.resetToken, password: newPassword }).expect(200);
      for (const session of [sessionA, sessionB]) {
        await refresh(session.cookie!.value).expect(403);
        await probe(`Bearer ${session.accessToken}`).expect(403);
      }
      expect((await login(email)).res.status).toBe(401);
      expect((await login(email, newPassword)).res.status).toBe(200);
      const reuse = await http().post('/api/auth/forgotpassword/reset').send({ resetToken: verify.body.resetToken, password: 'yet another password' }).expect(400);
      expect(reuse.body.code).toBe('AUTH.INVALID_RESET_TOKEN');
    });

    it('a reset token expires after 15 minutes', async () => {
      const { email } = await verifiedUser();
      await http().post('/api/auth/forgotpassword/sendotp').send({ email }).expect(200);
      const { body } = await http().post('/api/auth/forgotpassword/verifyotp').send({ email, otp: outbox.lastCodeFor(email) }).expect(200);
      advance(15 * MINUTE + 1000);
      await http().post('/api/auth/forgotpassword/reset').send({ resetToken: body.resetToken, password: 'a brand new password' }).expect(400);
    });

    it('400 for a bad new password, a malformed or unknown token', async () => {
      const { email } = await verifiedUser();
      await http().post('/api/auth/forgotpassword/sendotp').send({ email }).expect(200);
      const { body } = await http().post('/api/auth/forgotpassword/verifyotp').send({ email, otp: outbox.lastCodeFor(email) }).expect(200);
      await http().post('/api/auth/forgotpassword/reset').send({ resetToken: body.resetToken, password: 'short' }).expect(400);
      await http().post('/api/auth/forgotpassword/reset').send({ resetToken: 'abc', password: 'a brand new password' }).expect(400);
      await http().post('/api/auth/forgotpassword/reset').send({ resetToken: 'A'.repeat(43), password: 'a brand new password' }).expect(400);
      // The failed tries did not use the token up.
      await http().post('/api/auth/forgotpassword/reset').send({ resetToken: body.resetToken, password: 'a brand new password' }).expect(200);
    });

    it('forgotpassword/verifyotp: 400 wrong code, 429 after 5 wrong tries', async () => {
      const { email } = await verifiedUser();
      await http().post('/api/auth/forgotpassword/sendotp').send({ email }).expect(200);
      const code = outbox.lastCodeFor(email);
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) await http().post('/api/auth/forgotpassword/verifyotp').send({ email, otp: wrong }).expect(400);
      const res = await http().post('/api/auth/forgotpassword/verifyotp').send({ email, otp: code }).expect(429);
      expect(res.headers['retry-after']).toBeDefined();
    });
  });

  describe('POST changepassword/', () => {
    it('401 without a token; 401 for a wrong current password; 400 for a bad new one', async () => {
      const { email } = await verifiedUser();
      const { accessToken } = await login(email);
      await http().post('/api/auth/changepassword').send({ currentPassword: PASSWORD, newPassword: 'a brand new password' }).expect(401);
      const wrong = await http().post('/api/auth/changepassword').set('Authorization', `Bearer ${accessToken}`).send({ currentPassword: 'not my password', newPassword: 'a brand new password' }).expect(401);
      expect(wrong.body.code).toBe('AUTH.WRONG_PASSWORD');
      await http().post('/api/auth/changepassword').set('Authorization', `Bearer ${accessToken}`).send({ currentPassword: PASSWORD, newPassword: 'short' }).expect(400);
      await http().post('/api/auth/changepassword').set('Authorization', `Bearer ${accessToken}`).send({ currentPassword: PASSWORD, newPassword: 'x'.repeat(129) }).expect(400);
    });

    it('changes the password, keeps this session (fresh token), revokes the others', async () => {
      const { email } = await verifiedUser();
      const mine = await login(email);
      const other = await login(email);
      const newPassword = 'a brand new password';
      const res = await http()
        .post('/api/auth/changepassword')
        .set('Authorization', `Bearer ${mine.accessToken}`)
        .set('Cookie', `refresh_token=${mine.cookie!.value}`)
        .send({ currentPassword: PASSWORD, newPassword })
        .expect(200);
      expect(res.body).toEqual({ message: expect.any(String), accessToken: expect.any(String) });
      await probe(`Bearer ${res.body.accessToken}`).expect(400);
      await probe(`Bearer ${other.accessToken}`).expect(403);
      await refresh(other.cookie!.value).expect(403);
      await refresh(mine.cookie!.value).expect(200);
      expect((await login(email)).res.status).toBe(401);
      expect((await login(email, newPassword)).res.status).toBe(200);
    });

    it('refused while impersonating', async () => {
      const user = await createUser(t);
      const admin = await createUser(t, { roles: ['User', 'Admin'] });
      const token = signAccessToken(t, { userId: user.id, email: user.email, username: user.username, roles: user.roles }, { imp: admin.id });
      await http().post('/api/auth/changepassword').set('Authorization', `Bearer ${token}`).send({ currentPassword: PASSWORD, newPassword: 'a brand new password' }).expect(403);
    });
  });

  // Passwords, tokens and cookies never reaching the log: auth-logging.e2e-spec.ts.
  it('the OpenAPI document lists the auth routes', async () => {
    const doc = await http().get('/api/docs-json').expect(200);
    for (const path of ['register', 'createnewotp', 'verifyotp', 'login', 'refresh', 'logout', 'forgotpassword/sendotp', 'forgotpassword/verifyotp', 'forgotpassword/reset', 'changepassword']) {
      expect(Object.keys(doc.body.paths)).toContain(`/api/auth/${path}`);
    }
  });
});
