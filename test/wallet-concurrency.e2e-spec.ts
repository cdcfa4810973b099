import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

/** Races through the real HTTP API: never a negative balance, never two outcomes, never a 500. */
describe('wallet under contention', () => {
  let t: TestApp;
  let admin: TestUser;
  let api: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    api = walletClient(t, admin);
  });
  afterAll(() => t.close());


  const ledgerCheck = async () => (await t.http().get('/api/admin/wallets').set('Authorization', admin.bearer).expect(200)).body.ledgerCheck;

  it('accepts exactly 10 of 20 parallel withdrawals of 10.00 from 100.00', async () => {
    const user = await api.fundedUser('100.00');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.post(user, '/wallet/withdraw', { amount: '10.00', destination: 'IBAN' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('WALLET.INSUFFICIENT_FUNDS');
    expect(await api.wallet(user)).toMatchObject({ balance: '0.00', held: '100.00' });
    const [{ n }] = await t.sql<{ n: string }>("SELECT count(*)::text AS n FROM wallet_transactions WHERE user_id = ? AND type = 'withdrawal'", [user.id]);
    expect(Number(n)).toBe(10);
    expect((await ledgerCheck()).balanced).toBe(true);
  });

  it('lets exactly one of approve and reject win when they race (the loser gets 409)', async () => {
    const user = await api.fundedUser('1000.00');
    const secondAdmin = await createUser(t, { roles: ['User', 'Admin'] });
    const withdrawals = await Promise.all(
      Array.from({ length: 8 }, () => api.post(user, '/wallet/withdraw', { amount: '25.00', destination: 'IBAN' }).expect(201)),
    );
    const deposits = await Promise.all(Array.from({ length: 8 }, () => api.post(user, '/wallet/deposit', { amount: '5.00' }).expect(201)));
    let approvedWithdrawals = 0;
    let approvedDeposits = 0;
    for (const { body } of [...withdrawals, ...deposits]) {
      const [approve, reject] = await Promise.all([
        api.post(admin, `/admin/transactions/${body.id}/approve`),
        api.post(secondAdmin, `/admin/transactions/${body.id}/reject`),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const loser = approve.status === 409 ? approve : reject;
      expect(loser.body.code).toBe('WALLET.TRANSACTION_NOT_PENDING');
      const [{ status }] = await t.sql<{ status: string }>('SELECT status FROM wallet_transactions WHERE id = ?', [body.id]);
      expect(status).toBe(approve.status === 200 ? 'Approved' : 'Rejected');
      if (approve.status === 200) {
        if (body.type === 'withdrawal') approvedWithdrawals++;
        else approvedDeposits++;
      }
      const [{ n }] = await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM ledger_transactions WHERE reference = ? AND type <> ?', [body.id, 'withdrawal_hold']);
      // A decision moves money at most once: one posting for a withdrawal, one for an approved deposit.
      expect(Number(n)).toBe(body.type === 'withdrawal' ? 1 : approve.status === 200 ? 1 : 0);
    }
    const cash = 1000_00 - approvedWithdrawals * 25_00 + approvedDeposits * 5_00;
    expect(await api.wallet(user)).toMatchObject({ balance: (cash / 100).toFixed(2), held: '0.00' });
    expect((await ledgerCheck()).balanced).toBe(true);
  });

  it('runs the same Idempotency-Key sent 50 times in parallel once, and answers all 50 alike', async () => {
    const user = await api.fundedUser('100.00');
    const key = `withdraw-${user.id}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api.post(user, '/wallet/withdraw', { amount: '10.00', destination: 'IBAN' }, key)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await api.wallet(user)).toMatchObject({ balance: '90.00', held: '10.00' });
    const [{ n }] = await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM wallet_transactions WHERE user_id = ? AND type = ?', [user.id, 'withdrawal']);
    expect(Number(n)).toBe(1);
  });

  it('approves once when the same key is sent 50 times in parallel to approve', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const deposit = await api.post(user, '/wallet/deposit', { amount: '12.34' }).expect(201);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api.post(admin, `/admin/transactions/${deposit.body.id}/approve`, {}, `approve-${deposit.body.id}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await api.wallet(user)).balance).toBe('12.34');
  });

  it('never answers 500 and never goes negative under mixed load', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => api.fundedUser('50.00')));
    const requests = users.flatMap((user) =>
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0 ? api.post(user, '/wallet/deposit', { amount: '1.00' }) : api.post(user, '/wallet/withdraw', { amount: '7.00', destination: 'IBAN' }),
      ),
    );
    const results = await Promise.all(requests);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.every((r) => r.status === 201 || (r.status === 409 && r.body.code === 'WALLET.INSUFFICIENT_FUNDS'))).toBe(true);
    const pending = await t.sql<{ id: string; n: number }>("SELECT id FROM wallet_transactions WHERE status = 'Pending'");
    const decisions = await Promise.all(
      pending.map((p, i) => api.post(admin, `/admin/transactions/${p.id}/${i % 2 ? 'approve' : 'reject'}`)),
    );
    expect(decisions.map((d) => d.status)).toEqual(Array(pending.length).fill(200));
    const [{ negative }] = await t.sql<{ negative: string }>('SELECT count(*)::text AS negative FROM ledger_accounts WHERE owner_id IS NOT NULL AND balance < 0');
    expect(Number(negative)).toBe(0);
    expect(await ledgerCheck()).toMatchObject({ balanced: true, entriesSum: '0.00', duplicates: 0, mismatches: [] });
  });
});
