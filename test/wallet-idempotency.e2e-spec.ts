import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

/** Idempotency-Key on money-moving POSTs (product.md §4), through the real HTTP API. */
describe('wallet Idempotency-Key', () => {
  let t: TestApp;
  let admin: TestUser;
  let api: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    api = walletClient(t, admin);
  });
  afterAll(() => t.close());


  const count = async (userId: string) =>
    Number((await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM wallet_transactions WHERE user_id = ?', [userId]))[0].n);

  it('replays the first response (status and body) and moves money once', async () => {
    const user = await api.fundedUser('100.00');
    const first = await api.post(user, '/wallet/withdraw', { amount: '10.00', destination: 'IBAN' }, 'k-1').expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await api.post(user, '/wallet/withdraw/', { destination: 'IBAN', amount: '10.00' }, 'k-1').expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await api.wallet(user)).toMatchObject({ balance: '90.00', held: '10.00' });
    expect(await count(user.id)).toBe(2);
    const rows = await t.sql<{ status_code: number }>('SELECT status_code FROM idempotency_keys WHERE user_id = ? AND key = ?', [user.id, 'k-1']);
    expect(rows).toEqual([{ status_code: 201 }]);
  });

  it('refuses the same key with a different body or endpoint (422 IDEMPOTENCY_KEY_REUSED) and changes nothing', async () => {
    const user = await api.fundedUser('100.00');
    await api.post(user, '/wallet/deposit', { amount: '5.00' }, 'k-2').expect(201);
    const before = await count(user.id);
    const otherBody = await api.post(user, '/wallet/deposit', { amount: '6.00' }, 'k-2').expect(422);
    expect(otherBody.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherPath = await api.post(user, '/wallet/withdraw', { amount: '5.00', destination: 'x' }, 'k-2').expect(422);
    expect(otherPath.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count(user.id)).toBe(before);
    expect((await api.wallet(user)).balance).toBe('100.00');
  });

  it('scopes keys per user', async () => {
    const a = await createUser(t, { kyc: 'Verified' });
    const b = await createUser(t, { kyc: 'Verified' });
    const ra = await api.post(a, '/wallet/deposit', { amount: '1.00' }, 'shared-key').expect(201);
    const rb = await api.post(b, '/wallet/deposit', { amount: '1.00' }, 'shared-key').expect(201);
    expect(ra.body.id).not.toBe(rb.body.id);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a final refusal too: a retried 409 stays a 409 even once money arrived', async () => {
    const user = await api.fundedUser('10.00');
    const refused = await api.post(user, '/wallet/withdraw', { amount: '20.00', destination: 'IBAN' }, 'k-3').expect(409);
    expect(refused.body.code).toBe('WALLET.INSUFFICIENT_FUNDS');
    const deposit = await api.post(user, '/wallet/deposit', { amount: '50.00' }).expect(201);
    await api.post(admin, `/admin/transactions/${deposit.body.id}/approve`, {}).expect(200);
    const replay = await api.post(user, '/wallet/withdraw', { amount: '20.00', destination: 'IBAN' }, 'k-3').expect(409);
    expect(replay.body).toEqual(refused.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await api.wallet(user)).balance).toBe('60.00');
  });

  it('does not burn a key on a validation error (nothing ran)', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    await api.post(user, '/wallet/deposit', { amount: 5 }, 'k-4').expect(400);
    await api.post(user, '/wallet/deposit', { amount: '5.00' }, 'k-4').expect(201);
    await api.post(user, '/wallet/deposit', { amount: '5.00' }, 'k-4').expect(201);
    expect(await count(user.id)).toBe(1);
  });

  it('replays admin decisions', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const deposit = await api.post(user, '/wallet/deposit', { amount: '3.00' }).expect(201);
    const first = await api.post(admin, `/admin/transactions/${deposit.body.id}/approve`, {}, 'approve-1').expect(200);
    const again = await api.post(admin, `/admin/transactions/${deposit.body.id}/approve`, {}, 'approve-1').expect(200);
    expect(again.body).toEqual(first.body);
    const otherAction = await api.post(admin, `/admin/transactions/${deposit.body.id}/reject`, {}, 'approve-1').expect(422);
    expect(otherAction.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await api.wallet(user)).balance).toBe('3.00');
  });

  it('refuses malformed keys (400)', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    for (const key of ['x'.repeat(256), 'with space', 'ünïcode']) {
      const res = await api.post(user, '/wallet/deposit', { amount: '1.00' }, key).expect(400);
      expect(res.body.message).toMatch(/Idempotency-Key/);
    }
    expect(await count(user.id)).toBe(0);
  });
});
