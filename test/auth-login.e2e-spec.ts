import { useAuthApp, PASSWORD, MINUTE, decodeJwt } from './support/auth-spec';
import type { TestApp } from './support/test-app';

describe('auth: POST login/ (HTTP against real PostgreSQL)', () => {
  const spec = useAuthApp();
  const { http, advance, nextName, register, verifiedUser, login, probe } = spec;
  let t: TestApp;
  beforeAll(() => {
    t = spec.t;
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
        `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('deposit', 'fixture:' || gen_random_uuid()) RETURNING id)
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
});
