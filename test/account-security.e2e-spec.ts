import { hash } from '@node-rs/argon2';
import { Clock } from '@mirrorline/shared';
import { Mailer } from '@mirrorline/mail';
import { captureMails } from '@mirrorline/mail/testing';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, totpCode, type TestUser } from './support/users';

/** product.md §10: 2FA login step, admin enforcement, withdrawal step, address cooldown, sessions, API tokens. */
describe('account security (e2e)', () => {
  let t: TestApp;
  let admin: TestUser;
  const PASSWORD = 'correct horse battery';
  let passwordHash: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    passwordHash = await hash(PASSWORD, { algorithm: 2 });
  });
  afterAll(() => t?.close());

  const login = (email: string, agent = 'spec-agent') => t.http().post('/api/auth/login').set('User-Agent', agent).send({ email, password: PASSWORD });
  const bearer = (token: string) => `Bearer ${token}`;

  /** A user with a known password who enrolls in 2FA through the API; returns the secret and recovery codes. */
  async function enrolled(options: { kyc?: 'Verified' } = {}) {
    const user = await createUser(t, { passwordHash, kyc: options.kyc, withdrawalAddresses: [] });
    const setup = await t.http().post('/api/auth/mfa/setup').set('Authorization', user.bearer).expect(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Mirrorline:/);
    expect(setup.body.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(setup.body.qrDataUrl.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="240" height="240" viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path stroke="#000000" d="M1 1.5h7'); // the top-left finder pattern's first row
    const secret: string = setup.body.secret;
    await t.http().post('/api/auth/mfa/enable').set('Authorization', user.bearer).send({ code: '000000' === totpCode(secret) ? '111111' : '000000' }).expect(400);
    const enable = await t.http().post('/api/auth/mfa/enable').set('Authorization', user.bearer).send({ code: totpCode(secret) }).expect(200);
    expect(enable.body.recoveryCodes).toHaveLength(10);
    const rows = await t.sql<{ code_hash: string }>('SELECT code_hash FROM mfa_recovery_codes WHERE user_id = ?', [user.id]);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash)).not.toContain(enable.body.recoveryCodes[0]);
    const [stored] = await t.sql<{ secret_enc: string }>('SELECT secret_enc FROM user_mfa WHERE user_id = ?', [user.id]);
    expect(stored.secret_enc).not.toContain(secret);
    return { user, secret, recoveryCodes: enable.body.recoveryCodes as string[], token: enable.body.accessToken as string };
  }

  describe('the login step', () => {
    it('asks for the code after the password, then opens the session with a TOTP code; the challenge is spent', async () => {
      const { user, secret } = await enrolled();
      const first = await login(user.email).expect(200);
      expect(first.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
      expect(first.headers['set-cookie']).toBeUndefined();
      // The code of enrolment was spent: use the next step (±1 drift is accepted).
      const code = totpCode(secret, { stepOffset: 1 });
      const done = await t.http().post('/api/auth/login/mfa').send({ mfaToken: first.body.mfaToken, code }).expect(200);
      expect(done.body.accessToken).toEqual(expect.any(String));
      expect(String(done.headers['set-cookie'])).toMatch(/refresh/i);
      await t.http().get('/api/user/get').set('Authorization', bearer(done.body.accessToken)).expect(200);
      // Spent challenge, and a replayed code, are refused.
      const again = await t.http().post('/api/auth/login/mfa').send({ mfaToken: first.body.mfaToken, code }).expect(400);
      expect(again.body.code).toBe('MFA.CHALLENGE_INVALID');
      const second = await login(user.email).expect(200);
      const replay = await t.http().post('/api/auth/login/mfa').send({ mfaToken: second.body.mfaToken, code }).expect(400);
      expect(replay.body.code).toBe('MFA.INVALID_CODE');
    });

    it('accepts a recovery code once', async () => {
      const { user, recoveryCodes } = await enrolled();
      const a = await login(user.email).expect(200);
      await t.http().post('/api/auth/login/mfa').send({ mfaToken: a.body.mfaToken, code: recoveryCodes[3] }).expect(200);
      const b = await login(user.email).expect(200);
      await t.http().post('/api/auth/login/mfa').send({ mfaToken: b.body.mfaToken, code: recoveryCodes[3] }).expect(400);
      const status = await t.http().get('/api/auth/mfa').set('Authorization', user.bearer).expect(200);
      expect(status.body).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    });

    it('answers 429 after 5 wrong codes for the account, even with the right one, and an expired challenge 400', async () => {
      const { user, secret } = await enrolled();
      const a = await login(user.email).expect(200);
      const right = totpCode(secret, { stepOffset: 1 });
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await t.http().post('/api/auth/login/mfa').send({ mfaToken: a.body.mfaToken, code: wrong }).expect(400);
      const locked = await t.http().post('/api/auth/login/mfa').send({ mfaToken: a.body.mfaToken, code: right }).expect(429);
      expect(locked.body.code).toBe('MFA.TOO_MANY_ATTEMPTS');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

      const other = await enrolled();
      const c = await login(other.user.email).expect(200);
      const clock = t.app.get(Clock);
      const spy = jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + 6 * 60 * 1000));
      try {
        const expired = await t.http().post('/api/auth/login/mfa').send({ mfaToken: c.body.mfaToken, code: totpCode(other.secret, { at: new Date(Date.now() + 6 * 60 * 1000) }) }).expect(400);
        expect(expired.body.code).toBe('MFA.CHALLENGE_INVALID');
      } finally {
        spy.mockRestore();
      }
    });

    it('turns 2FA off with password and code (never for an Admin)', async () => {
      const { user, secret } = await enrolled();
      await t.http().post('/api/auth/mfa/disable').set('Authorization', user.bearer).send({ password: 'wrong password', code: totpCode(secret, { stepOffset: 1 }) }).expect(400);
      await t.http().post('/api/auth/mfa/disable').set('Authorization', user.bearer).send({ password: PASSWORD, code: totpCode(secret, { stepOffset: 1 }) }).expect(200);
      const res = await login(user.email).expect(200);
      expect(res.body.accessToken).toEqual(expect.any(String));
      const notices = await t.sql<{ type: string }>("SELECT type FROM notifications WHERE user_id = ? AND type LIKE 'security.mfa%' ORDER BY id", [user.id]);
      expect(notices.map((n) => n.type)).toEqual(['security.mfa_enabled', 'security.mfa_disabled']);
      const mails = await t.sql<{ n: string }>("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND type = 'security.new_device'", [user.id]);
      expect(Number(mails[0].n)).toBe(1);
      const refused = await t.http().post('/api/auth/mfa/disable').set('Authorization', admin.bearer).send({ password: PASSWORD, code: totpCode(admin.mfaSecret!) }).expect(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    });
  });

  describe('admins must have 2FA', () => {
    it('an Admin without 2FA may only enrol, read the profile and log out; enrolment gives a full token', async () => {
      const bare = await createUser(t, { roles: ['User', 'Admin'], mfa: false });
      const blocked = await t.http().get('/api/user/get-all').set('Authorization', bare.bearer).expect(403);
      expect(blocked.body.code).toBe('MFA_ENROLMENT_REQUIRED');
      expect((await t.http().get('/api/wallet').set('Authorization', bare.bearer).expect(403)).body.code).toBe('MFA_ENROLMENT_REQUIRED');
      await t.http().get('/api/user/get').set('Authorization', bare.bearer).expect(200);
      await t.http().get('/api/auth/mfa').set('Authorization', bare.bearer).expect(200);
      const setup = await t.http().post('/api/auth/mfa/setup').set('Authorization', bare.bearer).expect(200);
      const enable = await t.http().post('/api/auth/mfa/enable').set('Authorization', bare.bearer).send({ code: totpCode(setup.body.secret) }).expect(200);
      await t.http().get('/api/user/get-all').set('Authorization', bearer(enable.body.accessToken)).expect(200);
      // An enrolled admin (the default of createUser) works as before.
      await t.http().get('/api/user/get-all').set('Authorization', admin.bearer).expect(200);
    });
  });

  describe('withdrawals and addresses', () => {
    it('a new address is usable only after the cooldown; other destinations get 409 and nothing is held', async () => {
      const user = await createUser(t, { kyc: 'Verified', withdrawalAddresses: [] });
      const deposit = await t.http().post('/api/wallet/deposit').set('Authorization', user.bearer).send({ amount: '100.00' }).expect(201);
      await t.http().post(`/api/admin/transactions/${deposit.body.id}/approve`).set('Authorization', admin.bearer).expect(200);
      const added = await t.http().post('/api/wallet/addresses').set('Authorization', user.bearer).send({ label: 'Bank', destination: 'DE00 1234' }).expect(201);
      expect(added.body.address).toMatchObject({ label: 'Bank', destination: 'DE00 1234' });
      expect(new Date(added.body.address.usableAt).getTime() - new Date(added.body.address.createdAt).getTime()).toBe(86_400_000);
      for (const destination of ['DE00 1234', 'ATTACKER 999']) {
        const res = await t.http().post('/api/wallet/withdraw').set('Authorization', user.bearer).send({ amount: '10.00', destination }).expect(409);
        expect(res.body.code).toBe('WALLET.DESTINATION_NOT_ALLOWED');
      }
      expect((await t.http().get('/api/wallet').set('Authorization', user.bearer).expect(200)).body).toMatchObject({ balance: '100.00', held: '0.00' });
      const clock = t.app.get(Clock);
      const spy = jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + 86_400_000 + 1000));
      try {
        await t.http().post('/api/wallet/withdraw').set('Authorization', user.bearer).send({ amount: '10.00', destination: 'DE00 1234' }).expect(201);
        const other = await t.http().post('/api/wallet/withdraw').set('Authorization', user.bearer).send({ amount: '10.00', destination: 'ATTACKER 999' }).expect(409);
        expect(other.body.code).toBe('WALLET.DESTINATION_NOT_ALLOWED');
      } finally {
        spy.mockRestore();
      }
      const list = await t.http().get('/api/wallet/addresses').set('Authorization', user.bearer).expect(200);
      expect(list.body.items).toHaveLength(1);
      const notices = await t.sql<{ type: string }>('SELECT type FROM notifications WHERE user_id = ?', [user.id]);
      expect(notices.map((n) => n.type)).toContain('security.address_added');
      await t.http().delete(`/api/wallet/addresses/${list.body.items[0].id}`).set('Authorization', user.bearer).expect(200);
      expect((await t.http().get('/api/wallet/addresses').set('Authorization', user.bearer).expect(200)).body.items).toEqual([]);
    });

    it('with 2FA on, a withdrawal and a new address need X-MFA-Code (403 without, 400 wrong)', async () => {
      const { user, secret } = await enrolled({ kyc: 'Verified' });
      await t.sql(
        "INSERT INTO withdrawal_addresses (user_id, label, destination, created_at, usable_at) VALUES (?, 'old', 'IBAN-OLD', now() - interval '2 days', now() - interval '1 day')",
        [user.id],
      );
      const deposit = await t.http().post('/api/wallet/deposit').set('Authorization', user.bearer).send({ amount: '50.00' }).expect(201);
      await t.http().post(`/api/admin/transactions/${deposit.body.id}/approve`).set('Authorization', admin.bearer).expect(200);
      const body = { amount: '5.00', destination: 'IBAN-OLD' };
      expect((await t.http().post('/api/wallet/withdraw').set('Authorization', user.bearer).send(body).expect(403)).body.code).toBe('MFA_REQUIRED');
      const wrong = totpCode(secret, { stepOffset: 1 }) === '000000' ? '111111' : '000000';
      expect((await t.http().post('/api/wallet/withdraw').set('Authorization', user.bearer).set('X-MFA-Code', wrong).send(body).expect(400)).body.code).toBe('MFA.INVALID_CODE');
      await t.http().post('/api/wallet/withdraw').set('Authorization', user.bearer).set('X-MFA-Code', totpCode(secret, { stepOffset: 1 })).send(body).expect(201);
      const address = { label: 'new', destination: 'IBAN-NEW' };
      expect((await t.http().post('/api/wallet/addresses').set('Authorization', user.bearer).send(address).expect(403)).body.code).toBe('MFA_REQUIRED');
      expect((await t.http().get('/api/wallet').set('Authorization', user.bearer).expect(200)).body.held).toBe('5.00');
    });
  });

  describe('sessions', () => {
    it('lists sessions; DELETE and revoke-others refuse their access tokens at once (TOKEN_REVOKED)', async () => {
      const user = await createUser(t, { passwordHash });
      const a = await login(user.email, 'browser A').expect(200);
      const b = await login(user.email, 'browser B').expect(200);
      const c = await login(user.email, 'browser C').expect(200);
      const list = await t.http().get('/api/auth/sessions').set('Authorization', bearer(a.body.accessToken)).expect(200);
      const agents = list.body.items.map((s: { userAgent: string }) => s.userAgent);
      expect(agents).toEqual(expect.arrayContaining(['browser A', 'browser B', 'browser C']));
      expect(list.body.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      const sessionB = list.body.items.find((s: { userAgent: string }) => s.userAgent === 'browser B');
      await t.http().delete(`/api/auth/sessions/${sessionB.id}`).set('Authorization', bearer(a.body.accessToken)).expect(200);
      expect((await t.http().get('/api/wallet').set('Authorization', bearer(b.body.accessToken)).expect(403)).body.code).toBe('TOKEN_REVOKED');
      await t.http().post('/api/auth/sessions/revoke-others').set('Authorization', bearer(a.body.accessToken)).expect(200);
      expect((await t.http().get('/api/wallet').set('Authorization', bearer(c.body.accessToken)).expect(403)).body.code).toBe('TOKEN_REVOKED');
      await t.http().get('/api/wallet').set('Authorization', bearer(a.body.accessToken)).expect(200);
      // Logout revokes the access token of its session too.
      const cookie = String(a.headers['set-cookie']).split(';')[0];
      await t.http().post('/api/auth/logout').set('Cookie', cookie).expect(200);
      expect((await t.http().get('/api/wallet').set('Authorization', bearer(a.body.accessToken)).expect(403)).body.code).toBe('TOKEN_REVOKED');
      // Reuse detection (an already-rotated refresh token presented again) revokes the family: its access tokens too.
      const e = await login(user.email, 'browser E').expect(200);
      const oldCookie = String(e.headers['set-cookie']).split(';')[0];
      const rotated = await t.http().get('/api/auth/refresh').set('Cookie', oldCookie).expect(200);
      await t.http().get('/api/wallet').set('Authorization', bearer(rotated.body.accessToken)).expect(200);
      await t.http().get('/api/auth/refresh').set('Cookie', oldCookie).expect(403);
      expect((await t.http().get('/api/wallet').set('Authorization', bearer(rotated.body.accessToken)).expect(403)).body.code).toBe('TOKEN_REVOKED');
      expect((await t.http().get('/api/wallet').set('Authorization', bearer(e.body.accessToken)).expect(403)).body.code).toBe('TOKEN_REVOKED');
      // Someone else's session is not found.
      const other = await createUser(t);
      await t.http().delete(`/api/auth/sessions/${other.sessionId}`).set('Authorization', bearer(c.body.accessToken)).expect(403);
      const d = await login(user.email, 'browser A').expect(200);
      await t.http().delete(`/api/auth/sessions/${other.sessionId}`).set('Authorization', bearer(d.body.accessToken)).expect(404);
      // New devices were announced (A, B and C: the user had only signed in from 'jest'), A again was not.
      const notices = await t.sql<{ body: string }>("SELECT body FROM notifications WHERE user_id = ? AND type = 'security.new_device' ORDER BY id", [user.id]);
      expect(notices.map((n) => n.body.match(/browser ./)?.[0])).toEqual(['browser A', 'browser B', 'browser C', 'browser E']);
    });
  });

  describe('security notices', () => {
    it('a password change raises an in-app notice; the caller keeps its session, the others end', async () => {
      const user = await createUser(t, { passwordHash });
      const a = await login(user.email, 'browser A').expect(200);
      const b = await login(user.email, 'browser B').expect(200);
      const cookie = String(a.headers['set-cookie']).split(';')[0];
      const changed = await t.http().post('/api/auth/changepassword').set('Authorization', bearer(a.body.accessToken)).set('Cookie', cookie)
        .send({ currentPassword: PASSWORD, newPassword: 'another horse battery' }).expect(200);
      await t.http().get('/api/wallet').set('Authorization', bearer(changed.body.accessToken)).expect(200);
      expect((await t.http().get('/api/wallet').set('Authorization', bearer(b.body.accessToken)).expect(403)).body.code).toBe('TOKEN_REVOKED');
      const notices = await t.sql<{ type: string; title: string }>("SELECT type, title FROM notifications WHERE user_id = ? AND type = 'security.password_changed'", [user.id]);
      expect(notices).toEqual([{ type: 'security.password_changed', title: 'Your password was changed' }]);
    });
  });

  describe('personal API tokens', () => {
    it('read tokens read; trade tokens trade; no token withdraws, manages security or acts as admin; revocation is immediate', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const read = await t.http().post('/api/auth/tokens').set('Authorization', user.bearer).send({ name: 'reader', scopes: ['read'] }).expect(201);
      const trade = await t.http().post('/api/auth/tokens').set('Authorization', user.bearer).send({ name: 'bot', scopes: ['read', 'trade'] }).expect(201);
      expect(read.body.token).toMatch(/^ml_pat_/);
      const stored = await t.sql<{ token_hash: string }>('SELECT token_hash FROM api_tokens WHERE id = ?', [read.body.id]);
      expect(stored[0].token_hash).not.toContain(read.body.token);
      const R = bearer(read.body.token);
      const T = bearer(trade.body.token);
      await t.http().get('/api/wallet').set('Authorization', R).expect(200);
      await t.http().get('/api/copies').set('Authorization', R).expect(200);
      const scope = async (res: { body: { code: string } }) => expect(res.body.code).toBe('TOKEN_SCOPE');
      await scope(await t.http().post('/api/copies').set('Authorization', R).send({ traderId: 1, amount: '10.00' }).expect(403));
      await scope(await t.http().post('/api/wallet/deposit').set('Authorization', T).send({ amount: '1.00' }).expect(403));
      await scope(await t.http().post('/api/wallet/withdraw').set('Authorization', T).send({ amount: '1.00', destination: 'IBAN' }).expect(403));
      await scope(await t.http().post('/api/auth/changepassword').set('Authorization', T).send({ currentPassword: 'x', newPassword: 'yyyyyyyyyy' }).expect(403));
      await scope(await t.http().post('/api/auth/mfa/setup').set('Authorization', T).expect(403));
      await scope(await t.http().get('/api/auth/sessions').set('Authorization', T).expect(403));
      await scope(await t.http().post('/api/auth/tokens').set('Authorization', T).send({ name: 'x', scopes: ['read'] }).expect(403));
      await scope(await t.http().post('/api/wallet/addresses').set('Authorization', T).send({ label: 'x', destination: 'y' }).expect(403));
      // A trade token reaches the copy-trading rules (404/400, not TOKEN_SCOPE).
      const follow = await t.http().post('/api/copies').set('Authorization', T).send({ traderId: 999999, amount: '10.00' });
      expect(follow.body.code).not.toBe('TOKEN_SCOPE');
      expect(follow.status).toBeLessThan(500);
      // An admin's token never carries the Admin role.
      const adminToken = await t.http().post('/api/auth/tokens').set('Authorization', admin.bearer).send({ name: 'ops', scopes: ['read'] }).expect(201);
      await scope(await t.http().get('/api/user/get-all').set('Authorization', bearer(adminToken.body.token)).expect(403));
      // Listed with prefix and last use, never the token.
      const list = await t.http().get('/api/auth/tokens').set('Authorization', user.bearer).expect(200);
      expect(list.body.items).toHaveLength(2);
      expect(JSON.stringify(list.body)).not.toContain(read.body.token);
      expect(list.body.items.find((i: { id: string }) => i.id === read.body.id)).toMatchObject({ name: 'reader', scopes: ['read'], prefix: read.body.token.slice(0, 13), lastUsedAt: expect.any(String) });
      await t.http().delete(`/api/auth/tokens/${read.body.id}`).set('Authorization', user.bearer).expect(200);
      await t.http().get('/api/wallet').set('Authorization', R).expect(403);
    });
  });

  /** Issue 26: "Personal API tokens survive account recovery" and "turning 2FA on ends the other sessions". */
  describe('credentials that end with the password, and sessions that end with 2FA', () => {
    const makeToken = async (user: { bearer: string }) =>
      bearer((await t.http().post('/api/auth/tokens').set('Authorization', user.bearer).send({ name: 'bot', scopes: ['read', 'trade'] }).expect(201)).body.token);
    const revokedNotices = (userId: string) =>
      t.sql<{ title: string }>("SELECT title FROM notifications WHERE user_id = ? AND type = 'security.api_tokens_revoked'", [userId]);

    it('the attack as it was made: a trade token stops working after changepassword, with a notice', async () => {
      const user = await createUser(t, { passwordHash, kyc: 'Verified' });
      const session = await login(user.email).expect(200);
      const token = await makeToken({ bearer: bearer(session.body.accessToken) });
      await t.http().get('/api/copies').set('Authorization', token).expect(200);
      await t.http().post('/api/auth/changepassword').set('Authorization', bearer(session.body.accessToken))
        .send({ currentPassword: PASSWORD, newPassword: 'another horse battery' }).expect(200);
      expect((await t.http().get('/api/copies').set('Authorization', token).expect(403)).body.code).toBe('TOKEN_EXPIRED');
      await t.http().post('/api/copies/1/pause').set('Authorization', token).expect(403);
      expect(await t.sql('SELECT 1 FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL', [user.id])).toHaveLength(0);
      expect(await revokedNotices(user.id)).toEqual([{ title: 'Your API tokens were revoked' }]);
    });

    it('the attack as it was made: a trade token stops working after forgotpassword/reset, with a notice', async () => {
      const user = await createUser(t, { passwordHash, kyc: 'Verified' });
      const token = await makeToken(user);
      await t.http().get('/api/copies').set('Authorization', token).expect(200);
      const outbox = captureMails(t.app.get(Mailer));
      await t.http().post('/api/auth/forgotpassword/sendotp').send({ email: user.email }).expect(200);
      const verified = await t.http().post('/api/auth/forgotpassword/verifyotp').send({ email: user.email, otp: outbox.lastCodeFor(user.email) }).expect(200);
      await t.http().post('/api/auth/forgotpassword/reset').send({ resetToken: verified.body.resetToken, password: 'a brand new password' }).expect(200);
      expect((await t.http().get('/api/copies').set('Authorization', token).expect(403)).body.code).toBe('TOKEN_EXPIRED');
      expect(await revokedNotices(user.id)).toEqual([{ title: 'Your API tokens were revoked' }]);
    });

    it('turning 2FA on ends every other session at once; the caller carries on with the fresh token', async () => {
      const user = await createUser(t, { passwordHash });
      const a = await login(user.email, 'browser A').expect(200);
      const b = await login(user.email, 'browser B').expect(200);
      const setup = await t.http().post('/api/auth/mfa/setup').set('Authorization', bearer(a.body.accessToken)).expect(200);
      const enabled = await t.http().post('/api/auth/mfa/enable').set('Authorization', bearer(a.body.accessToken)).send({ code: totpCode(setup.body.secret) }).expect(200);
      expect((await t.http().get('/api/wallet').set('Authorization', bearer(b.body.accessToken)).expect(403)).body.code).toBe('TOKEN_REVOKED');
      await t.http().get('/api/auth/refresh').set('Cookie', String(b.headers['set-cookie']).split(';')[0]).expect(403);
      await t.http().get('/api/wallet').set('Authorization', bearer(enabled.body.accessToken)).expect(200);
      await t.http().get('/api/wallet').set('Authorization', bearer(a.body.accessToken)).expect(200);
      await t.http().get('/api/auth/refresh').set('Cookie', String(a.headers['set-cookie']).split(';')[0]).expect(200);
      const sessions = await t.http().get('/api/auth/sessions').set('Authorization', bearer(enabled.body.accessToken)).expect(200);
      expect(sessions.body.items.map((s: { current: boolean }) => s.current)).toEqual([true]);
    });
  });
});
