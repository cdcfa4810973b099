import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

/** GET wallet/statement: every ledger movement of the caller, newest first, paged (issue 15). */
describe('wallet statement', () => {
  let t: TestApp;
  let admin: TestUser;
  let api: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    api = walletClient(t, admin);
  });
  afterAll(() => t.close());

  const statement = async (user: TestUser, query = '') => (await t.http().get(`/api/wallet/statement${query}`).set('Authorization', user.bearer).expect(200)).body;

  it('lists deposits, holds and their release line by line; the cash lines reconcile to the balance; only the caller\'s', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const other = await createUser(t, { kyc: 'Verified' });
    const deposit = await api.post(user, '/wallet/deposit', { amount: '100.00' }).expect(201);
    await api.post(admin, `/admin/transactions/${deposit.body.id}/approve`).expect(200);
    const withdrawal = await api.post(user, '/wallet/withdraw', { amount: '30.00', destination: 'DE89 3704 0044 0532 0130 00' }).expect(201);
    await api.post(admin, `/admin/transactions/${withdrawal.body.id}/reject`).expect(200);

    const body = await statement(user);
    expect(body.total).toBe(5);
    const lines = body.items.map((l: { type: string; account: string; amount: string }) => [l.type, l.account, l.amount]);
    expect(lines).toHaveLength(5);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['withdrawal_release', 'cash', '30.00'],
        ['withdrawal_release', 'held', '-30.00'],
        ['withdrawal_hold', 'held', '30.00'],
        ['withdrawal_hold', 'cash', '-30.00'],
        ['deposit', 'cash', '100.00'],
      ]),
    );
    // newest first
    expect(lines.map((l: string[]) => l[0])).toEqual(['withdrawal_release', 'withdrawal_release', 'withdrawal_hold', 'withdrawal_hold', 'deposit']);
    const cash = body.items.filter((l: { account: string }) => l.account === 'cash').reduce((s: number, l: { amount: string }) => s + Math.round(Number(l.amount) * 100), 0);
    const wallet = (await t.http().get('/api/wallet').set('Authorization', user.bearer).expect(200)).body;
    expect((cash / 100).toFixed(2)).toBe(wallet.balance);
    expect((await statement(other)).total).toBe(0);
    const paged = await statement(user, '?page=2&limit=2');
    expect(paged).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(paged.items).toHaveLength(2);
    await t.http().get('/api/wallet/statement').expect(401);
  });
});
