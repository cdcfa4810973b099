import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, totpCode, type TestUser } from './support/users';

/**
 * Issue 11, "Admin powers without a second pair of eyes" (product.md §10, admin separation of duties).
 */
describe('security: separation of admin duties', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let admin: TestUser;
  let otherAdmin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    sql = t.sql as fx.Sql;
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    otherAdmin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
  });
  afterAll(() => t.close());
  const post = (who: TestUser | string, path: string, body: object = {}) =>
    t.http().post(`/api${path}`).set('Authorization', typeof who === 'string' ? `Bearer ${who}` : who.bearer).send(body);

  it('an admin cannot approve or reject their own deposit or withdrawal (403 FORBIDDEN); another admin can', async () => {
    const deposit = await post(admin, '/wallet/deposit', { amount: '500.00' }).expect(201);
    for (const decision of ['approve', 'reject']) {
      const res = await post(admin, `/admin/transactions/${deposit.body.id}/${decision}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect(await fx.cashOf(sql, admin.id)).toBe(0n);
    await post(otherAdmin, `/admin/transactions/${deposit.body.id}/approve`).expect(200);
    expect(await fx.cashOf(sql, admin.id)).toBe(50_000n);

    // Admins have 2FA, so a withdrawal carries a code (product.md §10).
    const withdrawal = await post(admin, '/wallet/withdraw', { amount: '100.00', destination: 'DE89 3704 0044 0532 0130 00' }).set(
      'X-MFA-Code',
      totpCode(admin.mfaSecret!),
    );
    expect(withdrawal.status).toBe(201);
    expect((await post(admin, `/admin/transactions/${withdrawal.body.id}/approve`)).status).toBe(403);
    await post(otherAdmin, `/admin/transactions/${withdrawal.body.id}/approve`).expect(200);
  });

  it('an admin cannot ask for their own balance (403 FORBIDDEN, nothing written); another admin asks, a third approves', async () => {
    const before = await fx.cashOf(sql, admin.id);
    const res = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: admin.id, balance: '1000000.00' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await t.sql("SELECT 1 FROM admin_approval_requests WHERE target_user_id = ?", [admin.id])).toHaveLength(0);
    const asked = await t.http().patch('/api/user/update').set('Authorization', otherAdmin.bearer).send({ userId: admin.id, balance: '1.00' }).expect(200);
    const requestId = asked.body.user.pendingApprovals[0].id as string;
    expect(await fx.cashOf(sql, admin.id)).toBe(before);
    // neither the admin it benefits nor the admin who asked approves it
    for (const who of [admin, otherAdmin]) expect((await post(who, `/admin/approvals/${requestId}/approve`).expect(403)).body.code).toBe('FORBIDDEN');
    const third = await createUser(t, { roles: ['User', 'Admin'] });
    await post(third, `/admin/approvals/${requestId}/approve`).expect(200);
    expect(await fx.cashOf(sql, admin.id)).toBe(100n);
  });

  /**
   * Issue 26, "Separation of duties bypassed with a second admin": admin A created admin B, and B added +1,000.00
   * to A's balance. Now the grant and the adjustment are requests, and nobody approves what benefits them.
   */
  it('the attack as it was made: A creates B as an admin, B credits A: nothing lands without an independent admin', async () => {
    const a = await createUser(t, { roles: ['User', 'Admin'] });
    const password = 'b-admin-password-1';
    const created = await post(a, '/user/create', { username: 'admin_b', firstname: 'B', lastname: 'Admin', email: 'admin-b@example.test', password, roles: ['Admin'] }).expect(201);
    const b = created.body.user as { _id: string; roles: string[]; pendingApprovals: Array<{ id: string; kind: string }> };
    expect(b.roles).toEqual(['User']);
    expect(b.pendingApprovals).toEqual([{ id: expect.any(String), kind: 'admin_grant', amount: null }]);
    // A cannot approve the grant it asked for; B is no admin meanwhile
    expect((await post(a, `/admin/approvals/${b.pendingApprovals[0].id}/approve`).expect(403)).body.code).toBe('FORBIDDEN');
    expect((await t.sql<{ roles: string[] }>('SELECT roles FROM users WHERE id = ?', [b._id]))[0].roles).toEqual(['User']);
    // an independent admin approves it; B signs in and enrols in 2FA, as every admin must
    await post(otherAdmin, `/admin/approvals/${b.pendingApprovals[0].id}/approve`).expect(200);
    const login = await t.http().post('/api/auth/login').send({ email: 'admin-b@example.test', password }).expect(200);
    const setup = await post(login.body.accessToken, '/auth/mfa/setup').expect(200);
    const enabled = await post(login.body.accessToken, '/auth/mfa/enable', { code: totpCode(setup.body.secret) }).expect(200);
    const bToken = enabled.body.accessToken as string;

    // B asks for +1,000.00 for A: a request; A (who benefits) and B (who asked) cannot approve it
    const cashBefore = await fx.cashOf(sql, a.id);
    const asked = await post(bToken, `/user/${a.id}/balance-adjustments`, { amount: '+1000.00', reason: 'for my friend A' }).expect(202);
    expect(asked.body.request).toMatchObject({ kind: 'balance_adjustment', status: 'pending', amount: '1000.00', target: { _id: a.id }, requestedBy: b._id });
    for (const who of [a, bToken]) {
      const refused = await post(who, `/admin/approvals/${asked.body.request.id}/approve`);
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
    expect(await fx.cashOf(sql, a.id)).toBe(cashBefore);
    expect(await t.sql("SELECT 1 FROM ledger_transactions WHERE type = 'adjustment' AND reference LIKE ?", [`adjustment:${a.id}:%`])).toHaveLength(0);
    // the independent admin sees it waiting, and rejects it
    const pending = await t.http().get('/api/admin/approvals').set('Authorization', otherAdmin.bearer).expect(200);
    expect(pending.body.items.map((r: { id: string }) => r.id)).toContain(asked.body.request.id);
    await post(otherAdmin, `/admin/approvals/${asked.body.request.id}/reject`).expect(200);
    expect(await fx.cashOf(sql, a.id)).toBe(cashBefore);
    const audit = await t.sql<{ action: string; actor_id: string }>('SELECT action, actor_id FROM audit_log WHERE target_id = ? ORDER BY id', [a.id]);
    expect(audit).toEqual([
      { action: 'approval.request', actor_id: b._id },
      { action: 'approval.reject', actor_id: otherAdmin.id },
    ]);
  });

  it('an impersonation token only reads: every write answers 403 IMPERSONATION_FORBIDDEN and moves nothing', async () => {
    const victim = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    await fx.fundCash(sql, victim.id, 100_000);
    const traderId = await fx.insertTraderProfile(sql, victim.id, 10);
    const { body } = await post(admin, '/admin/impersonate', { userId: victim.id }).expect(200);
    const token = body.accessToken as string;
    expect((await t.http().get('/api/wallet').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    expect((await t.http().get('/api/user/get').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const writes: Array<[string, string, object]> = [
      ['post', '/api/wallet/withdraw', { amount: '10.00', destination: 'IBAN 1' }],
      ['post', '/api/wallet/deposit', { amount: '10.00' }],
      ['post', '/api/copies', { traderId, amount: '50.00' }],
      ['post', '/api/trader/trades', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 }],
      ['patch', '/api/traders/me', { share: 50 }],
      ['post', '/api/auth/changepassword', { currentPassword: 'x', newPassword: 'another-password' }],
      ['patch', '/api/copies/settings', { dailyLossLimit: null }],
    ];
    for (const [method, path, payload] of writes) {
      const res = await (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[method](path)
        .set('Authorization', `Bearer ${token}`)
        .send(payload);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'IMPERSONATION_FORBIDDEN' });
    }
    expect(await fx.cashOf(sql, victim.id)).toBe(100_000n);
    expect(await sql('SELECT 1 FROM wallet_transactions WHERE user_id = ?', [victim.id])).toHaveLength(0);
  });

  it('every admin trade action with ?traderId= is audited, naming the admin', async () => {
    const traderUser = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await fx.insertTraderProfile(sql, traderUser.id, 10);
    const opened = await openAt(t, admin.bearer, '1.1', { allocationPct: 10 }, `?traderId=${traderId}`);
    expect(opened.status).toBe(201);
    await closeAt(t, admin.bearer, opened.body.trade.id, '1.2', `?traderId=${traderId}`).expect(200);
    const rows = await sql<{ actor_id: string; action: string; target_id: string }>(
      "SELECT actor_id, action, target_id FROM audit_log WHERE action LIKE 'trader.%' ORDER BY id",
    );
    expect(rows).toEqual([
      { actor_id: admin.id, action: 'trader.trade_open', target_id: String(traderId) },
      { actor_id: admin.id, action: 'trader.trade_close', target_id: String(traderId) },
    ]);
    // The trader's own actions are the trader's: no admin audit row.
    const own = await openAt(t, traderUser.bearer, '1.1', { allocationPct: 10 });
    expect(own.status).toBe(201);
    expect(await sql("SELECT 1 FROM audit_log WHERE action LIKE 'trader.%'")).toHaveLength(2);
  });
});
