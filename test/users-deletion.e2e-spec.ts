import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/**
 * Deleting or demoting a user must never strand anything: a trader's followers, a Pending deposit or
 * withdrawal, or the person's identity documents.
 */
describe('user deletion and demotion guards (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'] });
  });
  afterAll(() => t.close());

  const remove = (userId: string) => t.http().post('/api/user/delete').set('Authorization', admin.bearer).send({ userId });
  const setRoles = (userId: string, roles: string[]) => t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId, roles });
  const deletedAt = async (id: string) => (await t.sql<{ deleted_at: Date | null }>('SELECT deleted_at FROM users WHERE id = ?', [id]))[0].deleted_at;
  const rolesOf = async (id: string) => (await t.sql<{ roles: string[] }>('SELECT roles FROM users WHERE id = ?', [id]))[0].roles;

  /** A Trader with a profile (through the API, as an admin grants it); returns the user and its traderID. */
  async function aTrader(): Promise<{ trader: TestUser; traderId: number }> {
    const trader = await createUser(t);
    const res = await setRoles(trader.id, ['User', 'Trader']).expect(200);
    return { trader, traderId: res.body.user.traderID as number };
  }

  describe('a trader followed by others', () => {
    it('cannot be deleted nor lose the Trader role while a copy of it is not stopped (409 USERS.TRADER_HAS_FOLLOWERS)', async () => {
      const { trader, traderId } = await aTrader();
      const follower = await createUser(t);
      const [copy] = await t.sql<{ id: string }>(`INSERT INTO copies (follower_id, trader_id, status) VALUES (?, ?, 'stopping') RETURNING id`, [
        follower.id,
        traderId,
      ]);
      const del = await remove(trader.id).expect(409);
      expect(del.body).toMatchObject({ code: 'USERS.TRADER_HAS_FOLLOWERS', message: expect.stringMatching(/1 live copy/) });
      const demote = await setRoles(trader.id, ['User']).expect(409);
      expect(demote.body.code).toBe('USERS.TRADER_HAS_FOLLOWERS');
      expect(await deletedAt(trader.id)).toBeNull();
      expect(await rolesOf(trader.id)).toEqual(['User', 'Trader']);
      expect(await t.sql("SELECT 1 FROM audit_log WHERE target_id = ? AND action IN ('user.delete', 'user.roles_change') AND after->'roles' = '[\"User\"]'", [trader.id])).toHaveLength(0);

      // Once every copy has stopped, both are allowed.
      await t.sql(`UPDATE copies SET status = 'stopped', ended_at = now() WHERE id = ?`, [copy.id]);
      await setRoles(trader.id, ['User']).expect(200);
      await remove(trader.id).expect(200);
    });

    it('cannot be deleted nor demoted while one of its trades is open, even with no live copy', async () => {
      const { trader, traderId } = await aTrader();
      const [trade] = await t.sql<{ id: string }>(
        `INSERT INTO trader_trades (trader_id, market, symbol, pair, side, entry_price, allocation_pct) VALUES (?, 'Forex', 'EURUSD', 'EURUSD', 'buy', 1.1, 10) RETURNING id`,
        [traderId],
      );
      expect((await remove(trader.id).expect(409)).body.code).toBe('USERS.TRADER_HAS_FOLLOWERS');
      expect((await setRoles(trader.id, ['User', 'Admin']).expect(409)).body.message).toMatch(/1 open trade/);
      await t.sql(`UPDATE trader_trades SET status = 'closed', exit_price = 1.2, pnl_pct = 1, closed_at = now() WHERE id = ?`, [trade.id]);
      await remove(trader.id).expect(200);
    });

    it('still counts the user’s own copies as a follower (another trader)', async () => {
      const { traderId } = await aTrader();
      const user = await createUser(t);
      await t.sql(`INSERT INTO copies (follower_id, trader_id, status) VALUES (?, ?, 'active')`, [user.id, traderId]);
      expect((await remove(user.id).expect(409)).body.code).toBe('USERS.HAS_FUNDS');
    });
  });

  describe('money on its way in or out', () => {
    it('refuses deleting while a deposit is Pending (409 USERS.PENDING_TRANSACTIONS); deletes once it is rejected', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const deposit = await t.http().post('/api/wallet/deposit').set('Authorization', user.bearer).send({ amount: '50.00' }).expect(201);
      const res = await remove(user.id).expect(409);
      expect(res.body.code).toBe('USERS.PENDING_TRANSACTIONS');
      expect(await deletedAt(user.id)).toBeNull();
      await t.http().post(`/api/admin/transactions/${deposit.body.id}/reject`).set('Authorization', admin.bearer).send({}).expect(200);
      await remove(user.id).expect(200);
    });

    it('refuses approving a deposit of a deleted account (409 WALLET.ACCOUNT_DELETED) and credits nothing; it can be rejected', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const deposit = await t.http().post('/api/wallet/deposit').set('Authorization', user.bearer).send({ amount: '75.00' }).expect(201);
      // The state a deletion racing the request would leave behind (the guards above prevent it through the API).
      await t.sql('UPDATE users SET deleted_at = now(), blocked = true WHERE id = ?', [user.id]);
      const res = await t.http().post(`/api/admin/transactions/${deposit.body.id}/approve`).set('Authorization', admin.bearer).send({}).expect(409);
      expect(res.body.code).toBe('WALLET.ACCOUNT_DELETED');
      expect(await t.sql("SELECT 1 FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash' AND balance <> 0", [user.id])).toHaveLength(0);
      const [{ status }] = await t.sql<{ status: string }>('SELECT status FROM wallet_transactions WHERE id = ?', [deposit.body.id]);
      expect(status).toBe('Pending');
      const rejected = await t.http().post(`/api/admin/transactions/${deposit.body.id}/reject`).set('Authorization', admin.bearer).send({}).expect(200);
      expect(rejected.body.status).toBe('Rejected');
    });

    it('a deposit request and a deletion of the same user never both succeed', async () => {
      for (let round = 0; round < 5; round++) {
        const user = await createUser(t, { kyc: 'Verified' });
        const [deposit, deletion] = await Promise.all([
          t.http().post('/api/wallet/deposit').set('Authorization', user.bearer).send({ amount: '10.00' }),
          remove(user.id),
        ]);
        expect([deposit.status, deletion.status]).not.toEqual([201, 200]);
        const pending = await t.sql("SELECT 1 FROM wallet_transactions WHERE user_id = ? AND status = 'Pending'", [user.id]);
        if (await deletedAt(user.id)) expect(pending).toHaveLength(0);
      }
    });
  });

  describe('identity data', () => {
    it('redacts the KYC submissions, removes their files after the commit and audits ids only', async () => {
      const user = await createUser(t, { username: 'kyc_person', email: 'kyc.person@example.test' });
      await t
        .http()
        .post('/api/user/requestKYC')
        .set('Authorization', user.bearer)
        .field('documentType', 'passport')
        .field('documentNumber', 'P99887766')
        .attach('front', PNG, { filename: 'f.png', contentType: 'image/png' })
        .attach('selfie', PNG, { filename: 's.png', contentType: 'image/png' })
        .expect(201);
      const [submission] = await t.sql<{ files: Record<string, { key: string }> }>('SELECT files FROM kyc_submissions WHERE user_id = ?', [user.id]);
      const keys = Object.values(submission.files).map((f) => f.key);
      const dir = join(t.config.uploadDir, 'kyc');
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(existsSync(join(dir, key))).toBe(true);

      await remove(user.id).expect(200);

      const [after] = await t.sql<{ document_number: string; files: unknown }>('SELECT document_number, files FROM kyc_submissions WHERE user_id = ?', [user.id]);
      expect(after).toEqual({ document_number: 'redacted', files: {} });
      for (const key of keys) expect(existsSync(join(dir, key))).toBe(false);
      expect(readdirSync(dir)).not.toEqual(expect.arrayContaining(keys));
      const audit = await t.sql<{ before: unknown; after: unknown }>("SELECT before, after FROM audit_log WHERE action = 'user.delete' AND target_id = ?", [user.id]);
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit)).not.toMatch(/kyc_person|kyc\.person|P99887766/);
      expect(audit[0].after).toMatchObject({ deleted: true, kycDocumentsRemoved: 2 });
    });
  });
});
