import { copyTradingFixtures as fx } from '@mirrorline/copy-trading';
import { Contract } from './support/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * POST /api/user/:id/balance-adjustments (issue 14, admin safety): an admin adds or removes an amount with
 * a required reason; one double-entry ledger transaction (cash ↔ platform_adjustments), audited with the
 * amount and the reason; never below zero; never on one's own balance.
 */
describe('admin balance adjustments (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  let contract: Contract;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    admin = await createUser(t, { roles: ['User', 'Admin'] });
    contract = await Contract.of(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await fx.ledgerCheck(t.sql as fx.Sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });

  const adjust = (bearer: string, userId: string, body: Record<string, unknown>) =>
    t.http().post(`/api/user/${userId}/balance-adjustments`).set('Authorization', bearer).send(body);
  const cashOf = async (user: TestUser) => (await t.http().get('/api/user/get').set('Authorization', user.bearer).expect(200)).body.user.balance as string;

  it('credits and debits with cents, as ledger adjustments against the platform account, audited with the reason', async () => {
    const user = await createUser(t);
    const plus = contract.check(await adjust(admin.bearer, user.id, { amount: '+125.55', reason: 'Goodwill credit' }).expect(201));
    expect(plus.body).toMatchObject({ message: 'Balance adjusted', adjustment: { before: '0.00', after: '125.55', amount: '125.55' }, user: { _id: user.id, balance: '125.55' } });
    const minus = contract.check(await adjust(admin.bearer, user.id, { amount: '-25.50', reason: '  Duplicate credit  ' }).expect(201));
    expect(minus.body.adjustment).toMatchObject({ before: '125.55', after: '100.05', amount: '-25.50' });
    expect(await cashOf(user)).toBe('100.05');

    // double entry: each adjustment moves the same amount out of one account and into the other
    const entries = await t.sql<{ id: string; description: string; kind: string; amount: string }>(
      `SELECT lt.id, lt.description, a.kind, e.amount FROM ledger_transactions lt JOIN ledger_entries e ON e.transaction_id = lt.id
         JOIN ledger_accounts a ON a.id = e.account_id WHERE lt.type = 'adjustment' AND lt.reference LIKE 'adjustment:' || ? || ':%' ORDER BY lt.id, a.kind`,
      [user.id],
    );
    expect(entries.map((e) => [e.kind, Number(e.amount)])).toEqual([
      ['cash', 12_555],
      ['platform_adjustments', -12_555],
      ['cash', -2_550],
      ['platform_adjustments', 2_550],
    ]);
    expect(entries[2].description).toBe(`admin ${admin.id}: Duplicate credit`);

    const audit = await t.http().get(`/api/admin/audit?action=user.balance_adjust&targetId=${user.id}`).set('Authorization', admin.bearer).expect(200);
    expect(audit.body.entries).toHaveLength(2);
    expect(audit.body.entries[0]).toMatchObject({
      actorId: admin.id,
      before: { balance: 12_555 },
      after: { balance: 10_005, amount: -2_550, reason: 'Duplicate credit', ledgerTransactionId: entries[2].id },
    });
    // the user's statement shows the adjustments
    const statement = await t.http().get('/api/wallet/statement').set('Authorization', user.bearer).expect(200);
    expect(statement.body.items.filter((l: { type: string }) => l.type === 'adjustment').map((l: { amount: string }) => l.amount)).toEqual(['-25.50', '125.55']);
  });

  it('refuses a missing or blank reason, a zero or malformed amount (400), and a result below zero (409), changing nothing', async () => {
    const user = await createUser(t);
    await adjust(admin.bearer, user.id, { amount: '10.00', reason: 'Opening credit' }).expect(201);
    for (const body of [{ amount: '5.00' }, { amount: '5.00', reason: '   ' }, { amount: '0', reason: 'Nothing at all' }, { amount: '1.234', reason: 'Too precise' }, { amount: '1e3', reason: 'Exponent' }]) {
      const res = contract.check(await adjust(admin.bearer, user.id, body).expect(400));
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    const below = contract.check(await adjust(admin.bearer, user.id, { amount: '-10.01', reason: 'Too much' }).expect(409));
    expect(below.body).toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    expect(await cashOf(user)).toBe('10.00');
    await adjust(admin.bearer, '00000000-0000-4000-8000-000000000000', { amount: '1.00', reason: 'Nobody' }).expect(404);
  });

  it('is for admins only, and never on their own balance', async () => {
    const user = await createUser(t);
    await adjust(user.bearer, user.id, { amount: '1000.00', reason: 'Myself' }).expect(403);
    const self = await adjust(admin.bearer, admin.id, { amount: '1000.00', reason: 'Myself' }).expect(403);
    expect(self.body).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot adjust your own balance' });
    expect(await cashOf(user)).toBe('0.00');
  });
});
