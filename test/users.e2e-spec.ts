import { hash } from '@node-rs/argon2';
import { JwtService } from '@nestjs/jwt';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/** Credits a user's cash through a balanced ledger posting (as a deposit would). */
async function credit(t: TestApp, userId: string, cents: number, kind: 'cash' | 'held' = 'cash'): Promise<void> {
  await t.sql(`INSERT INTO ledger_accounts (owner_id, kind) VALUES (?, ?) ON CONFLICT DO NOTHING`, [userId, kind]);
  const [{ id }] = await t.sql<{ id: string }>('SELECT id FROM ledger_accounts WHERE owner_id = ? AND kind = ? AND copy_id IS NULL', [userId, kind]);
  const [{ id: platform }] = await t.sql<{ id: string }>("SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'");
  await t.sql(
    `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('deposit', 'fixture:' || gen_random_uuid()) RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, e.account_id, e.amount FROM tx, (VALUES (?::bigint, ?::bigint), (?::bigint, ?::bigint)) AS e(account_id, amount)`,
    [platform, -cents, id, cents],
  );
}

describe('users (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  /** the second admin of four eyes: approves what `admin` asks for (product.md §11.4) */
  let approver: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['User', 'Admin'], username: 'root_admin' });
    approver = await createUser(t, { roles: ['User', 'Admin'], username: 'second_admin' });
    user = await createUser(t, { username: 'alice', kyc: 'Verified' });
  });
  afterAll(() => t.close());

  const approve = (requestId: string) => t.http().post(`/api/admin/approvals/${requestId}/approve`).set('Authorization', approver.bearer);

  const audit = (action: string, targetId: string) =>
    t.sql<{ actor_id: string; before: unknown; after: unknown; ip: string | null }>(
      'SELECT actor_id, before, after, ip FROM audit_log WHERE action = ? AND target_id = ? ORDER BY id',
      [action, targetId],
    );

  describe('GET /api/user/get', () => {
    it('gives the caller its live profile: ledger balances, KYC, roles, copies', async () => {
      await credit(t, user.id, 12_345);
      const res = await t.http().get('/api/user/get').set('Authorization', user.bearer).expect(200);
      expect(res.body.user).toMatchObject({
        _id: user.id,
        userId: user.id,
        username: 'alice',
        email: user.email,
        roles: ['User'],
        KYC: 'Verified',
        kycverified: true,
        kycstring: 'Verified',
        balance: '123.45',
        tradingBalance: '0.00',
        held: '0.00',
        traderID: null,
        copies: [],
        copyID: [],
        copiedTrades: 0,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
    });

    it('needs a token', async () => {
      await t.http().get('/api/user/get').expect(401);
    });
  });

  describe('GET /api/user/get-all', () => {
    it('lists users for an admin, never a password', async () => {
      const res = await t.http().get('/api/user/get-all').set('Authorization', admin.bearer).expect(200);
      expect(res.body).toMatchObject({ total: expect.any(Number), page: 1, limit: 20 });
      const alice = res.body.users.find((u: { _id: string }) => u._id === user.id);
      expect(Object.keys(alice).sort()).toEqual(
        ['KYC', '_id', 'balance', 'blocked', 'createdAt', 'email', 'firstname', 'lastname', 'pendingApprovals', 'roles', 'traderID', 'tradingBalance', 'username', 'verified'].sort(),
      );
      expect(alice.balance).toBe('123.45');
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
    });

    it('searches by username or email, case-insensitively, and pages', async () => {
      const byName = await t.http().get('/api/user/get-all?search=ALI').set('Authorization', admin.bearer).expect(200);
      expect(byName.body.users.map((u: { username: string }) => u.username)).toEqual(['alice']);
      const byEmail = await t.http().get(`/api/user/get-all?search=${encodeURIComponent('root_admin@')}`).set('Authorization', admin.bearer).expect(200);
      expect(byEmail.body.total).toBe(1);
      const wildcard = await t.http().get('/api/user/get-all?search=%25').set('Authorization', admin.bearer).expect(200);
      expect(wildcard.body.total).toBe(0);
      const paged = await t.http().get('/api/user/get-all?page=2&limit=1').set('Authorization', admin.bearer).expect(200);
      expect(paged.body).toMatchObject({ page: 2, limit: 1 });
      expect(paged.body.users).toHaveLength(1);
    });

    // The query's rules: libs/back-office/src/adapters/http/dto/user.dto.spec.ts (through the app's ValidationPipe).
    it('refuses a bad query with 400 VALIDATION_FAILED naming the field', async () => {
      const res = await t.http().get('/api/user/get-all?limit=101').set('Authorization', admin.bearer).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { limit: [expect.any(String)] } });
    });

    it('is for admins only', async () => {
      const res = await t.http().get('/api/user/get-all').set('Authorization', user.bearer).expect(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });
  });

  describe('POST /api/user/create', () => {
    const body = { username: 'bob_trader', firstname: 'Bob', lastname: 'Trader', email: 'Bob@Example.test', password: 'a-strong-password', roles: ['Trader'] };

    it('creates a pre-verified user whose roles include User; a Trader gets a traderID; audited', async () => {
      const res = await t.http().post('/api/user/create').set('Authorization', admin.bearer).send(body).expect(201);
      expect(res.body.message).toBe('User created successfully');
      expect(res.body.user).toMatchObject({ username: 'bob_trader', email: 'bob@example.test', roles: ['User', 'Trader'], KYC: 'Unverified', balance: '0.00', blocked: false, verified: true });
      expect(res.body.user.traderID).toEqual(expect.any(Number));
      const [row] = await t.sql<{ email_verified: boolean; password_hash: string }>('SELECT email_verified, password_hash FROM users WHERE id = ?', [res.body.user._id]);
      expect(row.email_verified).toBe(true);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const [profile] = await t.sql<{ id: number }>('SELECT id FROM trader_profiles WHERE user_id = ?', [res.body.user._id]);
      expect(profile.id).toBe(res.body.user.traderID);
      const [entry] = await audit('user.create', res.body.user._id);
      expect(entry.actor_id).toBe(admin.id);
      expect(entry.after).toMatchObject({ roles: ['User', 'Trader'] });
      expect(JSON.stringify(entry)).not.toMatch(/a-strong-password/);
    });

    it('four eyes: a user asked with the Admin role is created without it; the grant takes effect when another admin approves it', async () => {
      const res = await t.http().post('/api/user/create').set('Authorization', admin.bearer)
        .send({ username: 'new_admin', firstname: 'New', lastname: 'Admin', email: 'new-admin@example.test', password: 'a-strong-password', roles: ['Admin'] }).expect(201);
      expect(res.body.message).toBe("User created; the Admin role waits for another admin's approval");
      expect(res.body.user).toMatchObject({ roles: ['User'], pendingApprovals: [{ kind: 'admin_grant', amount: null }] });
      const requestId = res.body.user.pendingApprovals[0].id as string;
      // asked again through user/update: the same grant is already waiting
      const again = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: res.body.user._id, roles: ['User', 'Admin'] }).expect(409);
      expect(again.body.code).toBe('APPROVAL.GRANT_PENDING');
      const list = await t.http().get('/api/admin/approvals').set('Authorization', approver.bearer).expect(200);
      expect(list.body.items.find((r: { id: string }) => r.id === requestId)).toMatchObject({ kind: 'admin_grant', status: 'pending', target: { username: 'new_admin' }, requestedBy: admin.id });
      await approve(requestId).expect(200);
      expect((await t.sql<{ roles: string[] }>('SELECT roles FROM users WHERE id = ?', [res.body.user._id]))[0].roles).toEqual(['User', 'Admin']);
      const [change] = await audit('user.roles_change', res.body.user._id);
      expect(change).toMatchObject({ actor_id: approver.id, before: { roles: ['User'] }, after: { roles: ['User', 'Admin'], requestId, requestedBy: admin.id } });
      const done = await t.http().get('/api/admin/approvals?status=approved').set('Authorization', admin.bearer).expect(200);
      expect(done.body.items.map((r: { id: string }) => r.id)).toContain(requestId);
    });

    it('four eyes through user/update: Trader applies now, Admin is asked for; removing Admin applies at once', async () => {
      const target = await createUser(t);
      const res = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: target.id, roles: ['Trader', 'Admin'] }).expect(200);
      expect(res.body).toMatchObject({ changed: ['roles'], requested: ['roles'], user: { roles: ['User', 'Trader'], pendingApprovals: [{ kind: 'admin_grant' }] } });
      await approve(res.body.user.pendingApprovals[0].id).expect(200);
      expect((await t.sql<{ roles: string[] }>('SELECT roles FROM users WHERE id = ?', [target.id]))[0].roles).toEqual(['User', 'Trader', 'Admin']);
      const demoted = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: target.id, roles: ['Trader'] }).expect(200);
      expect(demoted.body).toMatchObject({ changed: ['roles'], requested: [], user: { roles: ['User', 'Trader'] } });
    });

    it('answers 409 for a taken email or username', async () => {
      const email = await t.http().post('/api/user/create').set('Authorization', admin.bearer).send({ ...body, username: 'other' }).expect(409);
      expect(email.body.code).toBe('USERS.EMAIL_TAKEN');
      const name = await t.http().post('/api/user/create').set('Authorization', admin.bearer).send({ ...body, username: 'BOB_TRADER', email: 'x@example.test' }).expect(409);
      expect(name.body.code).toBe('USERS.USERNAME_TAKEN');
    });

    // The body's rules (email, password, roles, username, over-posted balance / KYC / emailVerified):
    // libs/back-office/src/adapters/http/dto/user.dto.spec.ts. Here: one over-posted body over HTTP, and nothing written.
    it('refuses an over-posted body with 400 naming the field, and creates nobody', async () => {
      const res = await t.http().post('/api/user/create').set('Authorization', admin.bearer).send({ ...body, username: 'kyc_posted', email: 'kyc_posted@example.test', KYC: 'Verified' }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { KYC: [expect.any(String)] } });
      expect(await t.sql("SELECT 1 FROM users WHERE username = 'kyc_posted'")).toHaveLength(0);
    });

    it('is for admins only', async () => {
      await t.http().post('/api/user/create').set('Authorization', user.bearer).send(body).expect(403);
      await t.http().post('/api/user/create').send(body).expect(401);
    });
  });

  describe('POST /api/user/block', () => {
    it('blocks a user (default true), whose token then stops working; audited; unblocks', async () => {
      const victim = await createUser(t);
      await t.sql(
        `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at)
         VALUES (?, gen_random_uuid(), repeat('a', 64), now() + interval '7 days', now())`,
        [victim.id],
      );
      await t.http().get('/api/user/get').set('Authorization', victim.bearer).expect(200);
      const res = await t.http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: victim.id }).expect(200);
      expect(res.body).toMatchObject({ message: 'User blocked successfully', user: { _id: victim.id, blocked: true } });
      const denied = await t.http().get('/api/user/get').set('Authorization', victim.bearer).expect(403);
      expect(denied.body.code).toBe('TOKEN_EXPIRED');
      const live = await t.sql('SELECT 1 FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL', [victim.id]);
      expect(live).toHaveLength(0);
      const [entry] = await audit('user.block', victim.id);
      expect(entry).toMatchObject({ actor_id: admin.id, before: { blocked: false }, after: { blocked: true } });
      expect(entry.ip).toBeTruthy();

      await t.http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: victim.id, blocked: false }).expect(200);
      expect((await t.sql<{ blocked: boolean }>('SELECT blocked FROM users WHERE id = ?', [victim.id]))[0].blocked).toBe(false);
      expect(await audit('user.unblock', victim.id)).toHaveLength(1);
    });

    it('refuses blocking yourself, an unknown user, a bad id, and non-admins', async () => {
      await t.http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: admin.id }).expect(409);
      await t.http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: '00000000-0000-4000-8000-000000000000' }).expect(404);
      await t.http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: 'nope' }).expect(400);
      await t.http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: user.id, blocked: 'yes' }).expect(400);
      await t.http().post('/api/user/block').set('Authorization', user.bearer).send({ userId: admin.id }).expect(403);
    });
  });

  describe('PATCH /api/user/update', () => {
    it('answers "No changes to update" when nothing changes', async () => {
      const res = await t
        .http()
        .patch('/api/user/update')
        .set('Authorization', admin.bearer)
        .send({ userId: user.id, roles: ['User'], KYC: 'Verified', balance: '123.45' })
        .expect(200);
      expect(res.body).toMatchObject({ message: 'No changes to update', changed: [] });
      const res2 = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id }).expect(200);
      expect(res2.body.message).toBe('No changes to update');
    });

    it('a new balance is a request for the difference (four eyes): nothing moves until another admin approves; then one audited ledger adjustment', async () => {
      const res = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, balance: '500.10' }).expect(200);
      expect(res.body).toMatchObject({
        message: "Waiting for another admin's approval: balance",
        changed: [],
        requested: ['balance'],
        user: { balance: '123.45', pendingApprovals: [{ kind: 'balance_adjustment', amount: '376.65' }] },
      });
      const requestId = res.body.user.pendingApprovals[0].id as string;
      expect(await t.sql("SELECT 1 FROM ledger_transactions WHERE type = 'adjustment' AND reference LIKE ?", [`adjustment:${user.id}:%`])).toHaveLength(0);
      expect((await t.http().get('/api/user/get').set('Authorization', user.bearer).expect(200)).body.user.balance).toBe('123.45');
      // the requester cannot approve it
      expect((await t.http().post(`/api/admin/approvals/${requestId}/approve`).set('Authorization', admin.bearer).expect(403)).body.code).toBe('FORBIDDEN');

      const approved = await approve(requestId).expect(200);
      expect(approved.body.request).toMatchObject({ status: 'approved', amount: '376.65', requestedBy: admin.id, decidedBy: approver.id });
      const [tx] = await t.sql<{ id: string; reference: string }>("SELECT id, reference FROM ledger_transactions WHERE type = 'adjustment' AND reference = ?", [`adjustment:${user.id}:approval:${requestId}`]);
      expect(tx.id).toBe(approved.body.request.ledgerTransactionId);
      const [{ sum }] = await t.sql<{ sum: string }>('SELECT coalesce(sum(amount), 0) AS sum FROM ledger_entries');
      expect(Number(sum)).toBe(0);
      const [entry] = await audit('user.balance_adjust', user.id);
      expect(entry).toMatchObject({ actor_id: approver.id, before: { balance: 12_345 }, after: { balance: 50_010, requestId, requestedBy: admin.id } });
      expect((await t.http().get('/api/user/get').set('Authorization', user.bearer).expect(200)).body.user.balance).toBe('500.10');

      const zero = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, balance: '0' }).expect(200);
      await approve(zero.body.user.pendingApprovals[0].id).expect(200);
      const me = await t.http().get('/api/user/get').set('Authorization', user.bearer).expect(200);
      expect(me.body.user.balance).toBe('0.00');
    });

    it('concurrent approvals of one request post it once: one 200, the others 409 APPROVAL.ALREADY_DECIDED', async () => {
      const target = await createUser(t);
      const { body } = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: target.id, balance: '10.00' }).expect(200);
      const requestId = body.user.pendingApprovals[0].id as string;
      const third = await createUser(t, { roles: ['User', 'Admin'] });
      const results = await Promise.all([approver, third, approver, third].map((who) => t.http().post(`/api/admin/approvals/${requestId}/approve`).set('Authorization', who.bearer)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'APPROVAL.ALREADY_DECIDED')).toBe(true);
      const [account] = await t.sql<{ balance: string; entries: string }>(
        `SELECT a.balance, (SELECT coalesce(sum(amount), 0) FROM ledger_entries e WHERE e.account_id = a.id) AS entries
           FROM ledger_accounts a WHERE owner_id = ? AND kind = 'cash'`,
        [target.id],
      );
      expect(String(account.balance)).toBe('1000');
      expect(String(account.entries)).toBe('1000');
      expect(await audit('user.balance_adjust', target.id)).toHaveLength(1);
    });

    // The body's rules (balance format and range, roles, KYC, fields it does not take):
    // libs/back-office/src/adapters/http/dto/user.dto.spec.ts. Here: one refused balance over HTTP, and nothing asked.
    it('refuses a balance with 3 decimals with 400 VALIDATION_FAILED, and asks no approval', async () => {
      const requests = () => t.sql('SELECT 1 FROM admin_approval_requests WHERE target_user_id = ?', [user.id]);
      const before = (await requests()).length;
      const res = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, balance: '1.234' }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { balance: [expect.any(String)] } });
      expect(await requests()).toHaveLength(before);
    });

    it('changes roles (always keeping User); becoming a Trader creates a trader profile; audited', async () => {
      const res = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, roles: ['Trader'] }).expect(200);
      expect(res.body.user.roles).toEqual(['User', 'Trader']);
      expect(res.body.user.traderID).toEqual(expect.any(Number));
      const [entry] = await audit('user.roles_change', user.id);
      expect(entry).toMatchObject({ before: { roles: ['User'] }, after: { roles: ['User', 'Trader'] } });
      await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, roles: [] }).expect(200);
      expect((await t.sql<{ roles: string[] }>('SELECT roles FROM users WHERE id = ?', [user.id]))[0].roles).toEqual(['User']);
    });

    it('lets the admin set any KYC state, closing the waiting submission', async () => {
      const other = await createUser(t, { kyc: 'Pending' });
      await t.sql(
        `INSERT INTO kyc_submissions (user_id, document_type, document_number, status, files) VALUES (?, 'passport', 'X123', 'Pending', '{}'::jsonb)`,
        [other.id],
      );
      for (const KYC of ['Verified', 'Unverified', 'Pending']) {
        const res = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: other.id, KYC }).expect(200);
        expect(res.body.user.KYC).toBe(KYC);
      }
      const [submission] = await t.sql<{ status: string; reviewed_by: string }>('SELECT status, reviewed_by FROM kyc_submissions WHERE user_id = ?', [other.id]);
      expect(submission).toEqual({ status: 'Verified', reviewed_by: admin.id });
      expect(await audit('user.kyc_change', other.id)).toHaveLength(3);
    });

    it('refuses removing your own Admin role and unknown users', async () => {
      await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: admin.id, roles: ['User'] }).expect(409);
      await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: '00000000-0000-4000-8000-000000000000', KYC: 'Verified' }).expect(404);
    });

    it('rolls the whole update back when one part fails (no audit row without the change)', async () => {
      const before = await t.sql('SELECT id FROM audit_log');
      await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: admin.id, roles: ['User'], KYC: 'Verified' }).expect(409);
      expect(await t.sql('SELECT id FROM audit_log')).toHaveLength(before.length);
      expect((await t.sql<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = ?', [admin.id]))[0].kyc_status).toBe('Unverified');
    });

    it('is for admins only', async () => {
      await t.http().patch('/api/user/update').set('Authorization', user.bearer).send({ userId: user.id, balance: '1000' }).expect(403);
    });
  });

  describe('POST /api/user/delete', () => {
    it('refuses with 409 while the user holds money (cash or held) and audits nothing', async () => {
      const rich = await createUser(t);
      await credit(t, rich.id, 100, 'held');
      const res = await t.http().post('/api/user/delete').set('Authorization', admin.bearer).send({ userId: rich.id }).expect(409);
      expect(res.body.code).toBe('USERS.HAS_FUNDS');
      expect(await audit('user.delete', rich.id)).toHaveLength(0);
    });

    it('refuses with 409 while the user has an open copy', async () => {
      const follower = await createUser(t);
      const [trader] = await t.sql<{ id: number }>(`INSERT INTO trader_profiles (user_id, name) VALUES (?, 'T') RETURNING id`, [admin.id]);
      await t.sql(`INSERT INTO copies (follower_id, trader_id, status) VALUES (?, ?, 'paused')`, [follower.id, trader.id]);
      await t.http().post('/api/user/delete').set('Authorization', admin.bearer).send({ userId: follower.id }).expect(409);
    });

    it('lets an admin soft-delete a user: personal data anonymised, ledger kept, token dead, audited', async () => {
      const gone = await createUser(t, { username: 'gone_user' });
      await credit(t, gone.id, 700);
      const emptied = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: gone.id, balance: '0' }).expect(200);
      await approve(emptied.body.user.pendingApprovals[0].id).expect(200);
      const res = await t.http().post('/api/user/delete').set('Authorization', admin.bearer).send({ userId: gone.id }).expect(200);
      expect(res.body.message).toBe('User deleted successfully');
      const [row] = await t.sql<Record<string, unknown>>('SELECT email, username, firstname, lastname, password_hash, deleted_at FROM users WHERE id = ?', [gone.id]);
      expect(row.email).toMatch(/^deleted-[0-9a-f]{32}@deleted\.invalid$/);
      expect(row.username).toMatch(/^deleted_/);
      expect(row).toMatchObject({ firstname: '', lastname: '' });
      expect(row.password_hash).not.toMatch(/^\$argon2/);
      expect(row.deleted_at).not.toBeNull();
      expect(await t.sql("SELECT 1 FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash'", [gone.id])).toHaveLength(1);
      await t.http().get('/api/user/get').set('Authorization', gone.bearer).expect(403);
      const list = await t.http().get('/api/user/get-all?search=gone_user').set('Authorization', admin.bearer).expect(200);
      expect(list.body.total).toBe(0);
      expect(await audit('user.delete', gone.id)).toHaveLength(1);
      // The email is free again for a new account.
      await t.http().post('/api/user/create').set('Authorization', admin.bearer)
        .send({ username: 'gone_user', firstname: 'A', lastname: 'B', email: gone.email, password: 'a-strong-password' })
        .expect(201);
    });

    it('lets users delete themselves only with their password, and not others', async () => {
      const passwordHash = await hash('my-own-password', { algorithm: 2 });
      const self = await createUser(t, { passwordHash });
      const stranger = await createUser(t);
      await t.http().post('/api/user/delete').set('Authorization', self.bearer).send({ userId: stranger.id }).expect(403);
      await t.http().post('/api/user/delete').set('Authorization', self.bearer).send({ userId: self.id }).expect(400);
      await t.http().post('/api/user/delete').set('Authorization', self.bearer).send({ userId: self.id, password: 'wrong-password' }).expect(401);
      await t.http().post('/api/user/delete').set('Authorization', self.bearer).send({ userId: self.id, password: 'my-own-password' }).expect(200);
      await t.http().get('/api/user/get').set('Authorization', self.bearer).expect(403);
    });

    it('refuses an impersonation token', async () => {
      const passwordHash = await hash('my-own-password', { algorithm: 2 });
      const target = await createUser(t, { passwordHash });
      const token = new JwtService().sign(
        { UserInfo: { userId: target.id, email: target.email, roles: ['User'], traderID: null }, sub: target.id, typ: 'access', sid: target.sessionId, imp: admin.id },
        { secret: t.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: 900 },
      );
      const res = await t.http().post('/api/user/delete').set('Authorization', `Bearer ${token}`).send({ userId: target.id, password: 'my-own-password' }).expect(403);
      expect(res.body.code).toBe('IMPERSONATION_FORBIDDEN');
    });
  });
});
