import SwaggerParser from '@apidevtools/swagger-parser';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

/** Wallet flows through the real HTTP API on PostgreSQL: deposits, withdrawals, admin decisions, views. */
describe('wallet API', () => {
  let t: TestApp;
  let admin: TestUser;
  let api: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    api = walletClient(t, admin);
  });
  afterAll(() => t.close());


  const get = (user: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', user.bearer);
  const counts = async () => {
    const [row] = await t.sql<{ w: string; e: string }>(
      'SELECT (SELECT count(*) FROM wallet_transactions)::text AS w, (SELECT count(*) FROM ledger_entries)::text AS e',
    );
    return row;
  };

  describe('authorization', () => {
    it('needs a token for every wallet route (401)', async () => {
      for (const path of ['/api/wallet', '/api/wallet/transactions', '/api/admin/transactions', '/api/admin/wallets']) {
        const res = await t.http().get(path).expect(401);
        expect(res.body.code).toBe('UNAUTHENTICATED');
      }
      await t.http().post('/api/wallet/deposit').send({ amount: '1.00' }).expect(401);
      await t.http().post(`/api/admin/transactions/${randomUUID()}/approve`).expect(401);
    });

    it('keeps a plain User out of admin/* (403 FORBIDDEN)', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const deposit = await api.post(user, '/wallet/deposit', { amount: '10.00' }).expect(201);
      for (const res of [
        await get(user, '/admin/transactions'),
        await get(user, '/admin/wallets'),
        await api.post(user, `/admin/transactions/${deposit.body.id}/approve`),
        await api.post(user, `/admin/transactions/${deposit.body.id}/reject`),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      expect((await get(user, '/wallet')).body.balance).toBe('0.00');
    });
  });

  describe('KYC', () => {
    it.each(['Unverified', 'Pending'] as const)('refuses deposits and withdrawals while KYC is %s (403 KYC_REQUIRED)', async (kyc) => {
      const user = await createUser(t, { kyc });
      const before = await counts();
      const deposit = await api.post(user, '/wallet/deposit', { amount: '10.00' }).expect(403);
      expect(deposit.body.code).toBe('KYC_REQUIRED');
      const withdraw = await api.post(user, '/wallet/withdraw', { amount: '10.00', destination: 'IBAN' }).expect(403);
      expect(withdraw.body.code).toBe('KYC_REQUIRED');
      expect(await counts()).toEqual(before);
    });
  });

  describe('amount and destination rules', () => {
    // Every refused amount and destination (numbers, exponents, 3 decimals, blanks, past the maximum, …) is a unit
    // spec of the DTOs through the app's ValidationPipe: libs/wallet/src/adapters/http/dto/wallet.request.dto.spec.ts.
    // Here: the contract of a refused amount on each route, and that nothing is written.
    it('refuses an amount with 3 decimals with 400 VALIDATION_FAILED on deposit and withdraw, and changes nothing', async () => {
      const user = await api.fundedUser();
      const before = await counts();
      const deposit = await api.post(user, '/wallet/deposit', { amount: '1.234' }).expect(400);
      expect(deposit.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', errors: { amount: [expect.any(String)] } });
      const withdraw = await api.post(user, '/wallet/withdraw', { amount: '1.234', destination: 'IBAN' }).expect(400);
      expect(withdraw.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { amount: [expect.any(String)] } });
      expect(await counts()).toEqual(before);
      expect((await get(user, '/wallet')).body).toMatchObject({ balance: '100.00', held: '0.00' });
    });

    it('accepts the maximum amount and whole numbers as strings', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      expect((await api.post(user, '/wallet/deposit', { amount: '10000000.00' }).expect(201)).body.amount).toBe('10000000.00');
      expect((await api.post(user, '/wallet/deposit', { amount: '7' }).expect(201)).body.amount).toBe('7.00');
      expect((await api.post(user, '/wallet/deposit', { amount: '0.5' }).expect(201)).body.amount).toBe('0.50');
    });

    it('refuses a missing amount, unknown fields and a bad destination', async () => {
      const user = await api.fundedUser();
      const before = await counts();
      await api.post(user, '/wallet/deposit', {}).expect(400);
      const extra = await api.post(user, '/wallet/deposit', { amount: '1.00', userId: admin.id }).expect(400);
      expect(extra.body.message).toMatch(/userId/);
      const long = await api.post(user, '/wallet/withdraw', { amount: '1.00', destination: 'x'.repeat(201) }).expect(400);
      expect(long.body.message).toMatch(/destination/);
      expect(await counts()).toEqual(before);
      await api.post(user, '/wallet/withdraw', { amount: '1.00', destination: 'x'.repeat(200) }).expect(201);
    });
  });

  describe('deposits', () => {
    it('records a Pending deposit, credits cash only on approval, and never twice', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const created = await api.post(user, '/wallet/deposit/', { amount: '1250.50' }).expect(201);
      expect(created.body).toMatchObject({ userId: user.id, type: 'deposit', amount: '1250.50', status: 'Pending', destination: null, decidedAt: null });
      expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);
      expect((await get(user, '/wallet')).body.balance).toBe('0.00');

      const approved = await api.post(admin, `/admin/transactions/${created.body.id}/approve/`, { note: 'ok' }).expect(200);
      expect(approved.body).toMatchObject({ id: created.body.id, status: 'Approved', decidedBy: admin.id, note: 'ok' });
      expect(approved.body.decidedAt).toEqual(expect.any(String));
      expect((await get(user, '/wallet/')).body).toMatchObject({ balance: '1250.50', tradingBalance: '0.00', held: '0.00' });

      for (const action of ['approve', 'reject']) {
        const again = await api.post(admin, `/admin/transactions/${created.body.id}/${action}`).expect(409);
        expect(again.body.code).toBe('WALLET.TRANSACTION_NOT_PENDING');
      }
      expect((await get(user, '/wallet')).body.balance).toBe('1250.50');
    });

    it('accepts a decision without any request body (as the SPA sends it)', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const created = await api.post(user, '/wallet/deposit', { amount: '4.00' }).expect(201);
      const res = await t.http().post(`/api/admin/transactions/${created.body.id}/approve`).set('Authorization', admin.bearer).set('Idempotency-Key', 'no-body').expect(200);
      expect(res.body).toMatchObject({ status: 'Approved', note: null });
      expect((await get(user, '/wallet')).body.balance).toBe('4.00');
    });

    it('moves no money when a deposit is rejected', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const created = await api.post(user, '/wallet/deposit', { amount: '50.00' }).expect(201);
      const entries = (await counts()).e;
      const rejected = await api.post(admin, `/admin/transactions/${created.body.id}/reject`, { note: 'no proof of payment' }).expect(200);
      expect(rejected.body).toMatchObject({ status: 'Rejected', note: 'no proof of payment' });
      expect((await counts()).e).toBe(entries);
      expect((await get(user, '/wallet')).body.balance).toBe('0.00');
    });
  });

  describe('withdrawals', () => {
    it('holds the funds at once, pays them out on approval', async () => {
      const user = await api.fundedUser('100.00');
      const created = await api.post(user, '/wallet/withdraw', { amount: '30.25', destination: 'DE89 3704 0044 0532 0130 00' }).expect(201);
      expect(created.body).toMatchObject({ type: 'withdrawal', amount: '30.25', status: 'Pending', destination: 'DE89 3704 0044 0532 0130 00' });
      expect((await get(user, '/wallet')).body).toMatchObject({ balance: '69.75', held: '30.25' });
      await api.post(admin, `/admin/transactions/${created.body.id}/approve`).expect(200);
      expect((await get(user, '/wallet')).body).toMatchObject({ balance: '69.75', held: '0.00' });
      const [{ balance }] = await t.sql<{ balance: string }>("SELECT balance::text AS balance FROM ledger_accounts WHERE kind = 'platform_withdrawals'");
      expect(Number(balance)).toBeGreaterThanOrEqual(3025);
    });

    it('returns the held funds to cash on rejection', async () => {
      const user = await api.fundedUser('100.00');
      const created = await api.post(user, '/wallet/withdraw', { amount: '100.00', destination: 'wallet 0xabc' }).expect(201);
      expect((await get(user, '/wallet')).body).toMatchObject({ balance: '0.00', held: '100.00' });
      await api.post(admin, `/admin/transactions/${created.body.id}/reject`).expect(200);
      expect((await get(user, '/wallet')).body).toMatchObject({ balance: '100.00', held: '0.00' });
    });

    it('refuses more than the free cash (409 WALLET.INSUFFICIENT_FUNDS) and records nothing', async () => {
      const user = await api.fundedUser('100.00');
      await api.post(user, '/wallet/withdraw', { amount: '60.00', destination: 'IBAN' }).expect(201);
      const before = await counts();
      const res = await api.post(user, '/wallet/withdraw', { amount: '40.01', destination: 'IBAN' }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, code: 'WALLET.INSUFFICIENT_FUNDS', message: 'Insufficient funds' });
      expect(await counts()).toEqual(before);
      await api.post(user, '/wallet/withdraw', { amount: '40.00', destination: 'IBAN' }).expect(201);
      expect((await get(user, '/wallet')).body).toMatchObject({ balance: '0.00', held: '100.00' });
    });
  });

  describe('admin decisions', () => {
    it('is final in the database too: a decided row cannot change, nor a pending row its amount', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const pending = await api.post(user, '/wallet/deposit', { amount: '2.00' }).expect(201);
      await expect(t.sql('UPDATE wallet_transactions SET amount = 1 WHERE id = ?', [pending.body.id])).rejects.toThrow(/only the decision/);
      await api.post(admin, `/admin/transactions/${pending.body.id}/reject`).expect(200);
      await expect(t.sql("UPDATE wallet_transactions SET status = 'Approved' WHERE id = ?", [pending.body.id])).rejects.toThrow(/already Rejected/);
      await expect(t.sql('DELETE FROM wallet_transactions WHERE id = ?', [pending.body.id])).rejects.toThrow(/cannot be deleted/);
    });

    it('answers 404 for an unknown transaction and 400 for a malformed id', async () => {
      expect((await api.post(admin, `/admin/transactions/${randomUUID()}/approve`).expect(404)).body.code).toBe('WALLET.TRANSACTION_NOT_FOUND');
      expect((await api.post(admin, '/admin/transactions/not-a-uuid/approve').expect(400)).body.code).toBe('VALIDATION_FAILED');
      await api.post(admin, `/admin/transactions/${randomUUID()}/reject`, { note: 5 }).expect(400);
    });
  });

  describe('listings', () => {
    it('pages my transactions, newest first, and only mine', async () => {
      const user = await api.fundedUser('10.00');
      const other = await api.fundedUser('10.00');
      for (let i = 1; i <= 5; i++) await api.post(user, '/wallet/deposit', { amount: `${i}.00` }).expect(201);
      await api.post(other, '/wallet/deposit', { amount: '99.00' }).expect(201);
      const first = await get(user, '/wallet/transactions?page=1&limit=4').expect(200);
      expect(first.body).toMatchObject({ total: 6, page: 1, limit: 4 });
      expect(first.body.transactions.map((x: { amount: string }) => x.amount)).toEqual(['5.00', '4.00', '3.00', '2.00']);
      const second = await get(user, '/wallet/transactions/?page=2&limit=4').expect(200);
      expect(second.body.transactions.map((x: { amount: string }) => x.amount)).toEqual(['1.00', '10.00']);
      expect(second.body.transactions.every((x: { userId: string }) => x.userId === user.id)).toBe(true);
      // A page past the end still carries the total (count and page are one statement).
      const past = await get(user, '/wallet/transactions?page=9&limit=4').expect(200);
      expect(past.body).toMatchObject({ total: 6, page: 9, transactions: [] });
      const wallet = await get(user, '/wallet').expect(200);
      expect(wallet.body.transactions).toHaveLength(6);
      expect(wallet.body.transactions[0].amount).toBe('5.00');
    });

    it('refuses bad paging (400)', async () => {
      const user = await createUser(t);
      for (const query of ['limit=101', 'limit=0', 'page=0', 'page=abc', 'limit=1.5', 'sort=x', 'page=1e20', 'page=1&page=2', 'limit=-1']) {
        await get(user, `/wallet/transactions?${query}`).expect(400);
      }
      await get(user, '/wallet/transactions?limit=100').expect(200);
      expect((await get(user, '/wallet/transactions?page=1000000').expect(200)).body.transactions).toEqual([]);
      await get(admin, '/admin/wallets?page=1e20').expect(400);
      await get(admin, '/admin/transactions?page=1e20').expect(400);
    });

    it('lets admins filter transactions by status, type and user', async () => {
      const user = await api.fundedUser('100.00');
      await api.post(user, '/wallet/withdraw', { amount: '5.00', destination: 'IBAN' }).expect(201);
      const pendingDeposit = await api.post(user, '/wallet/deposit', { amount: '7.00' }).expect(201);
      const all = await get(admin, `/admin/transactions?userId=${user.id}`).expect(200);
      expect(all.body.total).toBe(3);
      expect(all.body.transactions[0]).toMatchObject({ username: user.username, email: user.email.toLowerCase() });
      const pending = await get(admin, `/admin/transactions?userId=${user.id}&status=Pending`).expect(200);
      expect(pending.body.transactions.map((x: { type: string }) => x.type).sort()).toEqual(['deposit', 'withdrawal']);
      const deposits = await get(admin, `/admin/transactions?userId=${user.id}&type=deposit&status=Pending`).expect(200);
      expect(deposits.body.transactions.map((x: { id: string }) => x.id)).toEqual([pendingDeposit.body.id]);
      const paged = await get(admin, `/admin/transactions?userId=${user.id}&limit=1&page=2`).expect(200);
      expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 1 });
      expect(paged.body.transactions).toHaveLength(1);
      await get(admin, '/admin/transactions?status=Done').expect(400);
      await get(admin, '/admin/transactions?type=transfer').expect(400);
      await get(admin, '/admin/transactions?userId=42').expect(400);
    });

    it('shows per-user balances, platform totals and a balanced ledger check on admin/wallets', async () => {
      const user = await api.fundedUser('80.00');
      await api.post(user, '/wallet/withdraw', { amount: '30.00', destination: 'IBAN' }).expect(201);
      const res = await get(admin, `/admin/wallets?search=${user.username}`).expect(200);
      expect(res.body.wallets).toEqual([
        { userId: user.id, username: user.username, email: user.email.toLowerCase(), balance: '50.00', tradingBalance: '0.00', held: '30.00' },
      ]);
      expect(res.body.total).toBe(1);
      expect(res.body.ledgerCheck).toEqual({ balanced: true, entriesSum: '0.00', unbalancedTransactions: 0, duplicates: 0, mismatches: [] });
      const p = res.body.platform;
      const cents = (s: string) => Math.round(Number(s) * 100);
      // Every cent in user accounts came from a platform account: the two sides cancel out.
      expect(cents(p.deposits) + cents(p.withdrawals) + cents(p.market) + cents(p.adjustments) + cents(p.userBalance) + cents(p.userHeld) + cents(p.userTradingBalance)).toBe(0);
      expect(cents(p.deposits)).toBeLessThan(0);
      // LIKE wildcards in a search are literal characters.
      for (const odd of ['%', "'", '\\', '?']) {
        expect((await get(admin, `/admin/wallets?search=${encodeURIComponent(odd)}`).expect(200)).body.total).toBe(0);
      }
      const all = await get(admin, '/admin/wallets?limit=100').expect(200);
      const underscored = await get(admin, '/admin/wallets?search=_&limit=100').expect(200);
      expect(underscored.body.total).toBe(all.body.wallets.filter((w: { username: string; email: string }) => `${w.username}${w.email}`.includes('_')).length);
      expect(all.body.total).toBeGreaterThan(1);
    });
  });

  it('documents the wallet routes in a valid OpenAPI document, with the Idempotency-Key header', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    await expect(SwaggerParser.validate(structuredClone(res.body))).resolves.toBeDefined();
    const paths = res.body.paths as Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; security?: unknown }>>;
    for (const path of ['/api/wallet', '/api/wallet/transactions', '/api/admin/transactions', '/api/admin/wallets']) expect(paths[path]?.get).toBeDefined();
    for (const path of ['/api/wallet/deposit', '/api/wallet/withdraw', '/api/admin/transactions/{id}/approve', '/api/admin/transactions/{id}/reject']) {
      expect(paths[path].post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]));
      expect(paths[path].post.security).toEqual([{ bearer: [] }]);
    }
  });
});
