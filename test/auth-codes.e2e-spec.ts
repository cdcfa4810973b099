import { UnitOfWork } from '@mirrorline/shared';
import { IssueOneTimeCodeUseCase, OTP_SEND_LIMIT } from '@mirrorline/otp';
import { Totp } from '@mirrorline/auth';
import { sealSecret } from '@mirrorline/auth/testing';
import { createUser, totpCode } from './support/users';
import { decodeJwt, refreshCookie, useAuthApp, MINUTE } from './support/auth-spec';
import type { InMemoryMailer } from '@mirrorline/mail/testing';
import type { TestApp } from './support/test-app';

describe('auth: POST verifyotp/ and createnewotp/ (HTTP against real PostgreSQL)', () => {
  const spec = useAuthApp();
  const { http, advance, nextName, register } = spec;
  let t: TestApp;
  let outbox: InMemoryMailer;
  beforeAll(() => {
    t = spec.t;
    outbox = spec.outbox;
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

    it('IssueOneTimeCodeUseCase itself, 10 in parallel for one user: no more than the send limit (lock before count)', async () => {
      // Straight at the use case: the HTTP route also serialises per email, which would hide a race here.
      const { username } = await register();
      const [{ id }] = await t.sql<{ id: string }>('SELECT id FROM users WHERE username = ?', [username]);
      const issue = t.app.get(IssueOneTimeCodeUseCase, { strict: false });
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
});
