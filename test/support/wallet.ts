import type { TestApp } from './test-app';
import { createUser, type TestUser } from './users';

/** HTTP helpers for wallet specs: calls as a user (optionally with an Idempotency-Key) and funded users. */
export function walletClient(t: TestApp, admin: TestUser) {
  const post = (user: TestUser, path: string, body: unknown = {}, key?: string) => {
    const req = t.http().post(`/api${path}`).set('Authorization', user.bearer);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body as object);
  };
  const wallet = async (user: TestUser) => (await t.http().get('/api/wallet').set('Authorization', user.bearer).expect(200)).body;
  /** A KYC-verified user with `amount` of approved deposits. */
  const fundedUser = async (amount = '100.00') => {
    const user = await createUser(t, { kyc: 'Verified' });
    const deposit = await post(user, '/wallet/deposit', { amount }).expect(201);
    await post(admin, `/admin/transactions/${deposit.body.id}/approve`).expect(200);
    return user;
  };
  return { post, wallet, fundedUser };
}
