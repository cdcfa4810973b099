import { requestFingerprint } from '@mirrorline/wallet/testing';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

/** Database-level guards of the wallet: no double posting of any business fact, idempotency keys kept with their effect. */
describe('wallet guards (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  let api: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    api = walletClient(t, admin);
  });
  afterAll(() => t.close());

  describe('ledger: one posting per business fact and type', () => {
    it('refuses a second deposit posting for the same wallet transaction (unique violation), whatever code inserts it', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const deposit = await api.post(user, '/wallet/deposit', { amount: '10.00' }).expect(201);
      await api.post(admin, `/admin/transactions/${deposit.body.id}/approve`).expect(200);
      const [posted] = await t.sql<{ n: string }>("SELECT count(*)::text AS n FROM ledger_transactions WHERE type = 'deposit' AND reference = ?", [deposit.body.id]);
      expect(posted.n).toBe('1');
      await expect(t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('deposit', ?)", [deposit.body.id])).rejects.toMatchObject({ code: '23505' });
    });

    it('covers the withdrawal hold, payout and release too', async () => {
      const user = await api.fundedUser('50.00');
      const w = await api.post(user, '/wallet/withdraw', { amount: '5.00', destination: 'IBAN' }).expect(201);
      await expect(t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('withdrawal_hold', ?)", [w.body.id])).rejects.toMatchObject({ code: '23505' });
      await api.post(admin, `/admin/transactions/${w.body.id}/reject`).expect(200);
      await expect(t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('withdrawal_release', ?)", [w.body.id])).rejects.toMatchObject({ code: '23505' });
      // Not yet posted for this transaction: allowed once (then refused).
      const id = w.body.id as string;
      await t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('withdrawal', ?)", [id]);
      await expect(t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('withdrawal', ?)", [id])).rejects.toMatchObject({ code: '23505' });
    });

    it('gives every ledger transaction a business reference, unique per type, for every type (exactly once)', async () => {
      for (const type of ['trade_settlement', 'copy_fund', 'copy_return', 'copy_stop_loss', 'adjustment', 'deposit']) {
        const reference = `spec:${type}:${Date.now()}`;
        await t.sql('INSERT INTO ledger_transactions (type, reference) VALUES (?, ?)', [type, reference]);
        await expect(t.sql('INSERT INTO ledger_transactions (type, reference) VALUES (?, ?)', [type, reference])).rejects.toMatchObject({ code: '23505' });
        await expect(t.sql('INSERT INTO ledger_transactions (type) VALUES (?)', [type])).rejects.toMatchObject({ code: '23502' });
      }
      // The same reference under another type is another fact (a copy's funding and its return).
      await t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('copy_fund', 'copy:spec'), ('copy_return', 'copy:spec')");
      const [check] = await t.sql<{ n: string }>(
        'SELECT count(*)::text AS n FROM (SELECT 1 FROM ledger_transactions GROUP BY type, reference HAVING count(*) > 1) d',
      );
      expect(check.n).toBe('0');
    });
  });

  describe('idempotency keys (recorded in the effect\'s transaction)', () => {
    const keyRow = (userId: string, key: string, fingerprint: string, age: string, response: unknown = null) =>
      t.sql(`INSERT INTO idempotency_keys (user_id, key, fingerprint, created_at, status_code, response) VALUES (?, ?, ?, now() - ?::interval, ?, ?::jsonb)`, [
        userId,
        key,
        fingerprint,
        age,
        response ? 201 : null,
        response ? JSON.stringify(response) : null,
      ]);

    it('never runs again a key an earlier version left claimed without an outcome, however old (409 IDEMPOTENCY_KEY_IN_PROGRESS, nothing moves)', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const body = { amount: '7.00' };
      await keyRow(user.id, 'stale-1', requestFingerprint('POST', '/api/wallet/deposit', body), '2 hours');
      const res = await api.post(user, '/wallet/deposit', body, 'stale-1').expect(409);
      expect(res.body.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
      const [{ n }] = await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM wallet_transactions WHERE user_id = ?', [user.id]);
      expect(n).toBe('0');
    });

    it('replays a key at any later time: keys are kept, not purged by age', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const body = { amount: '4.00' };
      const first = await api.post(user, '/wallet/deposit', body, 'old-1').expect(201);
      await t.sql("UPDATE idempotency_keys SET created_at = now() - interval '400 days' WHERE user_id = ? AND key = 'old-1'", [user.id]);
      const again = await api.post(user, '/wallet/deposit', body, 'old-1').expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await t.sql('SELECT 1 FROM wallet_transactions WHERE user_id = ?', [user.id])).toHaveLength(1);
    });

    it('parallel requests with one key: one effect; the others replay it or are told it is in progress', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const body = { amount: '3.00' };
      const results = await Promise.all([1, 2, 3, 4].map(() => api.post(user, '/wallet/deposit', body, 'parallel-1')));
      const created = results.filter((r) => r.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      for (const r of results.filter((x) => x.status !== 201)) expect([r.status, r.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
      expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
      const [{ n }] = await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM wallet_transactions WHERE user_id = ?', [user.id]);
      expect(n).toBe('1');
      const rows = await t.sql<{ status_code: number }>('SELECT status_code FROM idempotency_keys WHERE user_id = ? AND key = ?', [user.id, 'parallel-1']);
      expect(rows).toEqual([{ status_code: 201 }]);
    });

    it('writes no key when the request changed nothing (validation error), and the key row only with its effect', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      await api.post(user, '/wallet/deposit', { amount: '-1.00' }, 'bad-1').expect(400);
      expect(await t.sql('SELECT 1 FROM idempotency_keys WHERE user_id = ?', [user.id])).toEqual([]);
      const ok = await api.post(user, '/wallet/deposit', { amount: '1.00' }, 'bad-1').expect(201);
      const [row] = await t.sql<{ response: { body: { id: string } } }>('SELECT response FROM idempotency_keys WHERE user_id = ? AND key = ?', [user.id, 'bad-1']);
      expect(row.response.body.id).toBe(ok.body.id);
    });
  });

  describe('races on one cash account', () => {
    it('a withdrawal racing the approval of an admin balance adjustment never drives cash negative; the ledger stays balanced', async () => {
      // four eyes (product.md §11.4): one admin asks for the adjustment, another approves it
      const approver = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
      for (let round = 0; round < 8; round++) {
        const user = await api.fundedUser('100.00');
        const asked = await api.post(admin, `/user/${user.id}/balance-adjustments`, { amount: '-70.00', reason: 'race round' }).expect(202);
        // The approval debits 70.00 while the user withdraws 80.00: whichever runs first, the other sees the
        // result (the adjustment locks the account before reading; the hold is checked by the ledger), so the
        // outcome is one of the serial orders, and the loser is refused.
        const [withdrawal, approval] = await Promise.all([
          api.post(user, '/wallet/withdraw', { amount: '80.00', destination: 'IBAN' }),
          api.post(approver, `/admin/approvals/${asked.body.request.id}/approve`),
        ]);
        expect([201, 409]).toContain(withdrawal.status);
        const wallet = await api.wallet(user);
        if (withdrawal.status === 201) {
          // withdrawal first (100 → 20 free, 80 held): the debit of 70.00 no longer fits and stays pending
          expect(approval.status).toBe(409);
          expect(approval.body.code).toBe('WALLET.INSUFFICIENT_FUNDS');
          expect(wallet).toMatchObject({ balance: '20.00', held: '80.00' });
        } else {
          expect(approval.status).toBe(200);
          expect(withdrawal.body.code).toBe('WALLET.INSUFFICIENT_FUNDS');
          expect(wallet).toMatchObject({ balance: '30.00', held: '0.00' });
        }
      }
      const [negative] = await t.sql<{ n: string }>("SELECT count(*)::text AS n FROM ledger_accounts WHERE owner_id IS NOT NULL AND balance < 0");
      expect(negative.n).toBe('0');
      const [check] = await t.sql<{ total: string; unbalanced: string; mismatches: string }>(
        `SELECT (SELECT coalesce(sum(amount), 0)::text FROM ledger_entries) AS total,
                (SELECT count(*)::text FROM (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) u) AS unbalanced,
                (SELECT count(*)::text FROM ledger_accounts a WHERE a.balance <> (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)) AS mismatches`,
      );
      expect(check).toEqual({ total: '0', unbalanced: '0', mismatches: '0' });
    });
  });
});
