import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { Contract } from './support/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * POST /api/user/:id/balance-adjustments (issue 14, admin safety; issue 26, four eyes): an admin asks to add or
 * remove an amount with a required reason; nothing moves until a different admin approves the request at
 * POST admin/approvals/:id/approve, which posts one double-entry ledger transaction (cash ↔ platform_adjustments)
 * with a reference unique to the request, audited with the amount, the reason, who asked and who approved;
 * never below zero; never on one's own balance; never approved by the admin who asked or the user it benefits.
 */
describe('admin balance adjustments (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  let approver: TestUser;
  let contract: Contract;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    admin = await createUser(t, { roles: ['User', 'Admin'] });
    approver = await createUser(t, { roles: ['User', 'Admin'] });
    contract = await Contract.of(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await fx.ledgerCheck(t.sql as fx.Sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });

  const adjust = (bearer: string, userId: string, body: Record<string, unknown>) =>
    t.http().post(`/api/user/${userId}/balance-adjustments`).set('Authorization', bearer).send(body);
  const decide = (who: TestUser, requestId: string, decision: 'approve' | 'reject') =>
    t.http().post(`/api/admin/approvals/${requestId}/${decision}`).set('Authorization', who.bearer);
  const cashOf = async (user: TestUser) => (await t.http().get('/api/user/get').set('Authorization', user.bearer).expect(200)).body.user.balance as string;

  it('an adjustment is a request: nothing moves until another admin approves; then ledger adjustments against the platform account, audited', async () => {
    const user = await createUser(t);
    const plus = contract.check(await adjust(admin.bearer, user.id, { amount: '+125.55', reason: 'Goodwill credit' }).expect(202));
    expect(plus.body).toMatchObject({
      message: 'Balance adjustment requested: another admin must approve it',
      request: { kind: 'balance_adjustment', status: 'pending', amount: '125.55', reason: 'Goodwill credit', target: { _id: user.id }, requestedBy: admin.id, decidedBy: null, ledgerTransactionId: null },
    });
    expect(await cashOf(user)).toBe('0.00');
    // the user's row shows it waiting
    const row = (await t.http().get(`/api/user/get-all?search=${user.username}`).set('Authorization', admin.bearer).expect(200)).body.users[0];
    expect(row.pendingApprovals).toEqual([{ id: plus.body.request.id, kind: 'balance_adjustment', amount: '125.55' }]);

    const approved = contract.check(await decide(approver, plus.body.request.id, 'approve').expect(200));
    expect(approved.body.request).toMatchObject({ status: 'approved', decidedBy: approver.id, ledgerTransactionId: expect.any(String) });
    const minus = await adjust(admin.bearer, user.id, { amount: '-25.50', reason: '  Duplicate credit  ' }).expect(202);
    expect(minus.body.request).toMatchObject({ amount: '-25.50', reason: 'Duplicate credit' });
    await decide(approver, minus.body.request.id, 'approve').expect(200);
    expect(await cashOf(user)).toBe('100.05');

    // double entry: each adjustment moves the same amount out of one account and into the other, referenced by its request
    const entries = await t.sql<{ id: string; reference: string; description: string; kind: string; amount: string }>(
      `SELECT lt.id, lt.reference, lt.description, a.kind, e.amount FROM ledger_transactions lt JOIN ledger_entries e ON e.transaction_id = lt.id
         JOIN ledger_accounts a ON a.id = e.account_id WHERE lt.type = 'adjustment' AND lt.reference LIKE ? ORDER BY lt.id, a.kind`,
      [`adjustment:${user.id}:%`],
    );
    expect(entries.map((e) => [e.kind, Number(e.amount)])).toEqual([
      ['cash', 12_555],
      ['platform_adjustments', -12_555],
      ['cash', -2_550],
      ['platform_adjustments', 2_550],
    ]);
    expect(entries.map((e) => e.reference)).toEqual([0, 0, 1, 1].map((i) => `adjustment:${user.id}:approval:${[plus, minus][i].body.request.id}`));
    expect(entries[2].description).toBe(`admin ${approver.id}: Duplicate credit`);

    const audit = await t.http().get(`/api/admin/audit?action=user.balance_adjust&targetId=${user.id}`).set('Authorization', admin.bearer).expect(200);
    expect(audit.body.entries).toHaveLength(2);
    expect(audit.body.entries[0]).toMatchObject({
      actorId: approver.id,
      before: { balance: 12_555 },
      after: { balance: 10_005, amount: -2_550, reason: 'Duplicate credit', ledgerTransactionId: entries[2].id, requestId: minus.body.request.id, requestedBy: admin.id },
    });
    // the user's statement shows the adjustments
    const statement = await t.http().get('/api/wallet/statement').set('Authorization', user.bearer).expect(200);
    expect(statement.body.items.filter((l: { type: string }) => l.type === 'adjustment').map((l: { amount: string }) => l.amount)).toEqual(['-25.50', '125.55']);
  });

  it('refuses a missing or blank reason, a zero or malformed amount (400), and a result below zero (409), asking nothing', async () => {
    const user = await createUser(t);
    await fx.fundCash(t.sql as fx.Sql, user.id, 1_000);
    for (const body of [{ amount: '5.00' }, { amount: '5.00', reason: '   ' }, { amount: '0', reason: 'Nothing at all' }, { amount: '1.234', reason: 'Too precise' }, { amount: '1e3', reason: 'Exponent' }]) {
      const res = contract.check(await adjust(admin.bearer, user.id, body).expect(400));
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    const below = contract.check(await adjust(admin.bearer, user.id, { amount: '-10.01', reason: 'Too much' }).expect(409));
    expect(below.body).toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    await adjust(admin.bearer, '00000000-0000-4000-8000-000000000000', { amount: '1.00', reason: 'Nobody' }).expect(404);
    expect(await t.sql('SELECT 1 FROM admin_approval_requests WHERE target_user_id = ?', [user.id])).toHaveLength(0);
    expect(await cashOf(user)).toBe('10.00');
  });

  it('is for admins only, never on their own balance, and never approved by whoever asked or benefits', async () => {
    const user = await createUser(t);
    await adjust(user.bearer, user.id, { amount: '1000.00', reason: 'Myself' }).expect(403);
    const self = await adjust(admin.bearer, admin.id, { amount: '1000.00', reason: 'Myself' }).expect(403);
    expect(self.body).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot adjust your own balance' });
    // the approver asks for the admin; the admin (who benefits) and the approver (who asked) may not approve
    const asked = await adjust(approver.bearer, admin.id, { amount: '1000.00', reason: 'For a colleague' }).expect(202);
    const byBeneficiary = contract.check(await decide(admin, asked.body.request.id, 'approve').expect(403));
    expect(byBeneficiary.body).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot approve a request that benefits you' });
    expect((await decide(approver, asked.body.request.id, 'approve').expect(403)).body.message).toBe('Another admin must approve a request you made');
    await decide(user, asked.body.request.id, 'approve').expect(403);
    // the requester withdraws it; a decided request is not decided again
    contract.check(await decide(approver, asked.body.request.id, 'reject').expect(200));
    contract.check(await decide(approver, asked.body.request.id, 'reject').expect(409));
    expect(await cashOf(admin)).toBe('0.00');
    expect(await cashOf(user)).toBe('0.00');
    contract.check(await decide(approver, '00000000-0000-4000-8000-000000000000', 'approve').expect(404));
  });

  it('an approval retried with its Idempotency-Key replays the first answer and posts once', async () => {
    const user = await createUser(t);
    const asked = await adjust(admin.bearer, user.id, { amount: '+40.00', reason: 'Retry safety' }).expect(202);
    const send = () => decide(approver, asked.body.request.id, 'approve').set('Idempotency-Key', `approve-${asked.body.request.id}`);
    const first = await send().expect(200);
    const again = await send().expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.sql("SELECT 1 FROM ledger_transactions WHERE type = 'adjustment' AND reference LIKE ?", [`adjustment:${user.id}:%`])).toHaveLength(1);
    expect(await cashOf(user)).toBe('40.00');
  });
});
