import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const NUL = '\u0000';

/**
 * Inputs that would reach PostgreSQL as an error (a NUL byte: SQLSTATE 22021) or that try to set what
 * the route does not offer (mass assignment) are refused with 400 before anything changes.
 */
describe('input guards of the users, KYC, wallet and audit routes', () => {
  let t: TestApp;
  let admin: TestUser;
  let api: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    api = walletClient(t, admin);
  });
  afterAll(() => t.close());

  const expect400 = async (res: { status: number; body: { message?: unknown } }, field: string) => {
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain(field);
  };

  describe('NUL characters → 400, never 500', () => {
    it('in user/create names', async () => {
      for (const field of ['firstname', 'lastname']) {
        const res = await t
          .http()
          .post('/api/user/create')
          .set('Authorization', admin.bearer)
          .send({ username: 'nul_user', firstname: 'A', lastname: 'B', email: 'nul@example.test', password: 'a-strong-password', [field]: `x${NUL}y` });
        await expect400(res, field);
      }
      expect(await t.sql("SELECT 1 FROM users WHERE email = 'nul@example.test'")).toHaveLength(0);
    });

    it('in the get-all, admin/wallets and admin/audit filters', async () => {
      await expect400(await t.http().get('/api/user/get-all').query({ search: `a${NUL}` }).set('Authorization', admin.bearer), 'search');
      await expect400(await t.http().get('/api/admin/wallets').query({ search: `a${NUL}` }).set('Authorization', admin.bearer), 'search');
      await expect400(await t.http().get('/api/admin/audit').query({ targetId: `a${NUL}` }).set('Authorization', admin.bearer), 'targetId');
    });

    it('in a withdrawal destination and a decision note, moving no money', async () => {
      const user = await api.fundedUser('20.00');
      await expect400(await api.post(user, '/wallet/withdraw', { amount: '1.00', destination: `IBAN${NUL}` }), 'destination');
      expect(await api.wallet(user)).toMatchObject({ balance: '20.00', held: '0.00' });
      const deposit = await api.post(user, '/wallet/deposit', { amount: '2.00' }).expect(201);
      await expect400(await api.post(admin, `/admin/transactions/${deposit.body.id}/reject`, { note: `no${NUL}` }), 'note');
      const [{ status }] = await t.sql<{ status: string }>('SELECT status FROM wallet_transactions WHERE id = ?', [deposit.body.id]);
      expect(status).toBe('Pending');
    });
  });

  describe('fields the route does not take → 400, nothing changed', () => {
    it('user/create with emailVerified or balance', async () => {
      for (const extra of [{ emailVerified: false }, { balance: '1000.00' }]) {
        const res = await t
          .http()
          .post('/api/user/create')
          .set('Authorization', admin.bearer)
          .send({ username: 'extra_user', firstname: 'E', lastname: 'X', email: 'extra@example.test', password: 'a-strong-password', ...extra })
          .expect(400);
        expect(JSON.stringify(res.body.message)).toContain(Object.keys(extra)[0]);
      }
      expect(await t.sql("SELECT 1 FROM users WHERE email = 'extra@example.test'")).toHaveLength(0);
      expect(await t.sql("SELECT 1 FROM audit_log WHERE action = 'user.create' AND after->>'email' = 'extra@example.test'")).toHaveLength(0);
    });

    it('requestKYC multipart with an extra KYC=Verified field: no submission, no status change, no file kept', async () => {
      const user = await createUser(t);
      const res = await t
        .http()
        .post('/api/user/requestKYC')
        .set('Authorization', user.bearer)
        .field('documentType', 'passport')
        .field('documentNumber', 'X1234567')
        .field('KYC', 'Verified')
        .attach('front', PNG, { filename: 'f.png', contentType: 'image/png' })
        .attach('selfie', PNG, { filename: 's.png', contentType: 'image/png' })
        .expect(400);
      expect(JSON.stringify(res.body.message)).toContain('KYC');
      const [{ kyc_status }] = await t.sql<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = ?', [user.id]);
      expect(kyc_status).toBe('Unverified');
      expect(await t.sql('SELECT 1 FROM kyc_submissions WHERE user_id = ?', [user.id])).toHaveLength(0);
    });
  });
});
