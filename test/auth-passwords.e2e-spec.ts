import { createUser, signAccessToken } from './support/users';
import { useAuthApp, PASSWORD, MINUTE } from './support/auth-spec';
import type { InMemoryMailer } from '@mirrorline/mail/testing';
import type { TestApp } from './support/test-app';

describe('auth: forgot password and POST changepassword/ (HTTP against real PostgreSQL)', () => {
  const spec = useAuthApp();
  const { http, advance, nextName, verifiedUser, login, refresh, probe } = spec;
  let t: TestApp;
  let outbox: InMemoryMailer;
  beforeAll(() => {
    t = spec.t;
    outbox = spec.outbox;
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
});
