import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { JwtService } from '@nestjs/jwt';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

describe('admin overview and impersonation (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'] });
    user = await createUser(t, { username: 'carol', kyc: 'Pending' });
    await createUser(t, { roles: ['User', 'Trader'], verified: false, kyc: 'Unverified' });
    await createUser(t, { blocked: true });
  });
  afterAll(() => t.close());

  describe('GET /api/admin_details', () => {
    it('gives counts and totals for the overview', async () => {
      await fx.fundCash(t.sql as fx.Sql, user.id, 25_075);
      const res = await t.http().get('/api/admin_details').set('Authorization', admin.bearer).expect(200);
      expect(res.body).toEqual({
        users: 4,
        verified: 3,
        blocked: 1,
        kycPending: 1,
        kycVerified: 0,
        traders: 1,
        admins: 1,
        copies: 0,
        activeCopies: 0,
        totalCash: '250.75',
        totalTradingBalance: '0.00',
        totalHeld: '0.00',
        pendingDeposits: 0,
        pendingWithdrawals: 0,
        pendingApprovals: 0,
        pendingDepositsAmount: '0.00',
        pendingWithdrawalsAmount: '0.00',
      });
    });

    it('counts pending wallet requests', async () => {
      await t.sql(`INSERT INTO wallet_transactions (user_id, type, amount) VALUES (?, 'deposit', 1000), (?, 'deposit', 550)`, [user.id, user.id]);
      const res = await t.http().get('/api/admin_details').set('Authorization', admin.bearer).expect(200);
      expect(res.body).toMatchObject({ pendingDeposits: 2, pendingDepositsAmount: '15.50' });
    });

    it('counts the four-eyes requests waiting for a second admin (the overview tile of the approvals queue)', async () => {
      await t.http().post(`/api/user/${user.id}/balance-adjustments`).set('Authorization', admin.bearer).send({ amount: '+5.00', reason: 'Overview count' }).expect(202);
      const res = await t.http().get('/api/admin_details').set('Authorization', admin.bearer).expect(200);
      expect(res.body.pendingApprovals).toBe(1);
    });

    it('is for admins only', async () => {
      await t.http().get('/api/admin_details').set('Authorization', user.bearer).expect(403);
      await t.http().get('/api/admin_details').expect(401);
    });
  });

  describe('POST /api/admin/impersonate', () => {
    it("returns an access token for the user whose claims carry the admin's id; audited", async () => {
      const res = await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: user.id }).expect(200);
      const claims = new JwtService().verify(res.body.accessToken, { secret: t.config.jwtAccessSecret, algorithms: ['HS256'] });
      expect(claims).toMatchObject({ sub: user.id, typ: 'access', imp: admin.id, UserInfo: { userId: user.id, username: 'carol', roles: ['User'], kycstring: 'Pending', balance: '250.75' } });
      expect(claims.exp - claims.iat).toBe(900);
      const me = await t.http().get('/api/user/get').set('Authorization', `Bearer ${res.body.accessToken}`).expect(200);
      expect(me.body.user._id).toBe(user.id);
      const [entry] = await t.sql<{ actor_id: string }>("SELECT actor_id FROM audit_log WHERE action = 'user.impersonate' AND target_id = ?", [user.id]);
      expect(entry.actor_id).toBe(admin.id);
    });

    it('the impersonation token cannot delete the account nor impersonate further', async () => {
      const { body } = await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: user.id }).expect(200);
      const bearer = `Bearer ${body.accessToken}`;
      const res = await t.http().post('/api/user/delete').set('Authorization', bearer).send({ userId: user.id, password: 'whatever-password' }).expect(403);
      expect(res.body.code).toBe('IMPERSONATION_FORBIDDEN');
      // An impersonation token must not chain into other identities, even once its user became an admin
      // (roles are read live, so a promotion after the token was issued reaches the admin route).
      const promoted = await createUser(t);
      const asPromoted = await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: promoted.id }).expect(200);
      await t.sql(`UPDATE users SET roles = '{User,Admin}' WHERE id = ?`, [promoted.id]);
      const chained = await t.http().post('/api/admin/impersonate').set('Authorization', `Bearer ${asPromoted.body.accessToken}`).send({ userId: user.id }).expect(403);
      expect(chained.body.code).toBe('IMPERSONATION_FORBIDDEN');
    });

    it('refuses impersonating another admin (403 USERS.IMPERSONATE_ADMIN_FORBIDDEN)', async () => {
      const other = await createUser(t, { roles: ['User', 'Admin'] });
      const res = await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: other.id }).expect(403);
      expect(res.body.code).toBe('USERS.IMPERSONATE_ADMIN_FORBIDDEN');
    });

    it('an impersonation token only reads: admin writes under it are 403 IMPERSONATION_FORBIDDEN, nothing changes and nothing is audited as done', async () => {
      // Contract changed (product.md §10, issue 11): these used to succeed and be audited under the real admin.
      const target = await createUser(t);
      const { body } = await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: target.id }).expect(200);
      // The impersonated user is promoted afterwards: its token now reaches admin routes, and still only reads.
      await t.sql(`UPDATE users SET roles = '{User,Admin}' WHERE id = ?`, [target.id]);
      const bearer = `Bearer ${body.accessToken}`;
      const victim = await createUser(t);
      const refused = [
        await t.http().post('/api/user/block').set('Authorization', bearer).send({ userId: victim.id }),
        await t.http().patch('/api/user/update').set('Authorization', bearer).send({ userId: victim.id, KYC: 'Pending', balance: '5.00' }),
        await t.http().post('/api/user/create').set('Authorization', bearer)
          .send({ username: 'made_while_imp', firstname: 'M', lastname: 'I', email: 'made.imp@example.test', password: 'a-strong-password' }),
      ];
      for (const res of refused) expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'IMPERSONATION_FORBIDDEN' });
      await t.http().get('/api/user/get-all').set('Authorization', bearer).expect(200);
      const [row] = await t.sql<{ blocked: boolean; kyc_status: string }>('SELECT blocked, kyc_status FROM users WHERE id = ?', [victim.id]);
      expect(row).toEqual({ blocked: false, kyc_status: 'Unverified' });
      expect(await t.sql("SELECT 1 FROM users WHERE email = 'made.imp@example.test'")).toHaveLength(0);
      expect(await t.sql(`SELECT 1 FROM audit_log WHERE target_id = ? AND action <> 'user.impersonate'`, [victim.id])).toHaveLength(0);
    });

    it('refuses yourself (400), unknown (404) and blocked (409) users, bad ids and non-admins', async () => {
      await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: admin.id }).expect(400);
      await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: '00000000-0000-4000-8000-000000000000' }).expect(404);
      const blocked = await createUser(t, { blocked: true });
      await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: blocked.id }).expect(409);
      await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: 'x' }).expect(400);
      await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: user.id, roles: ['Admin'] }).expect(400);
      await t.http().post('/api/admin/impersonate').set('Authorization', user.bearer).send({ userId: admin.id }).expect(403);
    });

    it('a forged imp claim signed with another key is refused', async () => {
      const forged = new JwtService().sign({ UserInfo: { userId: user.id }, sub: user.id, typ: 'access', imp: admin.id }, { secret: 'x'.repeat(40), algorithm: 'HS256' });
      await t.http().get('/api/user/get').set('Authorization', `Bearer ${forged}`).expect(403);
    });
  });
});
