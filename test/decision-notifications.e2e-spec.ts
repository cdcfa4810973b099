import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

/** The owner is notified of an admin's wallet decision and KYC decision, with structured data (issue 15). */
describe('decision notifications', () => {
  let t: TestApp;
  let admin: TestUser;
  let api: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    api = walletClient(t, admin);
  });
  afterAll(() => t.close());

  const inbox = async (user: TestUser) => (await t.http().get('/api/notifications').set('Authorization', user.bearer).expect(200)).body;

  it('deposit approved and withdrawal rejected: one notification each, amounts as data', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const deposit = await api.post(user, '/wallet/deposit', { amount: '1250.50' }).expect(201);
    expect((await inbox(user)).unread).toBe(0);
    await api.post(admin, `/admin/transactions/${deposit.body.id}/approve`).expect(200);
    const withdrawal = await api.post(user, '/wallet/withdraw', { amount: '100.00', destination: 'DE89 3704 0044 0532 0130 00' }).expect(201);
    await api.post(admin, `/admin/transactions/${withdrawal.body.id}/reject`).expect(200);
    const body = await inbox(user);
    expect(body.unread).toBe(2);
    const byType = body.items.filter((n: { type: string }) => n.type === 'wallet_transaction_decided');
    expect(byType.map((n: { title: string; data: Record<string, unknown> }) => [n.title, n.data.transactionType, n.data.amount, n.data.status])).toEqual([
      ['Withdrawal rejected', 'withdrawal', '100.00', 'Rejected'],
      ['Deposit approved', 'deposit', '1250.50', 'Approved'],
    ]);
    // nobody else hears of it
    expect((await inbox(admin)).items.some((n: { type: string }) => n.type === 'wallet_transaction_decided')).toBe(false);
  });

  it('KYC decided: the user is notified once per change (none when nothing changes)', async () => {
    const user = await createUser(t, { kyc: 'Pending' });
    await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, KYC: 'Verified' }).expect(200);
    await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, KYC: 'Verified' }).expect((r) => expect([200, 400]).toContain(r.status));
    const kyc = (await inbox(user)).items.filter((n: { type: string }) => n.type === 'kyc_decided');
    expect(kyc).toHaveLength(1);
    expect(kyc[0]).toMatchObject({ title: 'Identity verified', data: { KYC: 'Verified', before: 'Pending' } });
  });
});
