import { IdempotencyStore, requestFingerprint } from '@mirrorline/wallet';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

/** Database-level guards of the wallet: no double posting, no idempotency key stuck forever. */
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

  describe('ledger: one posting per wallet transaction and type', () => {
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

    it('leaves other posting types and non-wallet references alone', async () => {
      for (let i = 0; i < 2; i++) {
        await t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('trade_settlement', 'trade:1')");
        await t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('copy_fund', 'copy:00000000-0000-4000-8000-000000000000')");
        await t.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('deposit', 'test-fixture')");
        await t.sql("INSERT INTO ledger_transactions (type) VALUES ('deposit')");
      }
    });
  });

  describe('idempotency keys', () => {
    const claimRow = (userId: string, key: string, fingerprint: string, age: string) =>
      t.sql(`INSERT INTO idempotency_keys (user_id, key, fingerprint, created_at) VALUES (?, ?, ?, now() - ?::interval)`, [userId, key, fingerprint, age]);

    it('lets the next request take over a claim left without an outcome for over 60 s (its process died)', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const body = { amount: '7.00' };
      await claimRow(user.id, 'stale-1', requestFingerprint('POST', '/api/wallet/deposit', body), '2 minutes');
      const started = Date.now();
      const res = await api.post(user, '/wallet/deposit', body, 'stale-1').expect(201);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      const rows = await t.sql<{ status_code: number }>('SELECT status_code FROM idempotency_keys WHERE user_id = ? AND key = ?', [user.id, 'stale-1']);
      expect(rows).toEqual([{ status_code: 201 }]);
      // And from then on the key replays as usual.
      const again = await api.post(user, '/wallet/deposit', body, 'stale-1').expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.id).toBe(res.body.id);
    });

    it('does not take over a recent claim, nor a stale one for a different request', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const store = t.app.get(IdempotencyStore);
      const fp = requestFingerprint('POST', '/api/wallet/deposit', { amount: '1.00' });
      await claimRow(user.id, 'fresh-1', fp, '5 seconds');
      expect(await store.claim(user.id, 'fresh-1', fp, 200)).toMatchObject({ kind: 'done', outcome: { error: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS' } } });
      await claimRow(user.id, 'stale-2', fp, '10 minutes');
      expect(await store.claim(user.id, 'stale-2', requestFingerprint('POST', '/api/wallet/deposit', { amount: '2.00' }), 200)).toEqual({ kind: 'mismatch' });
    });

    it('exactly one of several parallel retries takes over a stale claim', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const body = { amount: '3.00' };
      await claimRow(user.id, 'stale-3', requestFingerprint('POST', '/api/wallet/deposit', body), '5 minutes');
      const results = await Promise.all([1, 2, 3, 4].map(() => api.post(user, '/wallet/deposit', body, 'stale-3')));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      const [{ n }] = await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM wallet_transactions WHERE user_id = ?', [user.id]);
      expect(n).toBe('1');
    });

    it('purges keys older than the TTL and keeps recent ones', async () => {
      const user = await createUser(t);
      await claimRow(user.id, 'old-1', 'a'.repeat(64), '25 hours');
      await claimRow(user.id, 'new-1', 'b'.repeat(64), '1 hour');
      const purged = await t.app.get(IdempotencyStore).purgeExpired(24 * 60 * 60 * 1000);
      expect(purged).toBeGreaterThanOrEqual(1);
      const keys = await t.sql<{ key: string }>('SELECT key FROM idempotency_keys WHERE user_id = ? ORDER BY key', [user.id]);
      expect(keys).toEqual([{ key: 'new-1' }]);
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
