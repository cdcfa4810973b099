import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { Contract } from './support/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { walletClient } from './support/wallet';

/**
 * Deposits by bank transfer (product.md §12.6, docs/wallet.md "Bank transfers"): each user's reference and the
 * instructions (GET wallet/deposit/instructions); an admin finds the user by reference (GET
 * admin/deposit-references/:reference) and matches the transfer (POST admin/bank-transfers): one approved deposit,
 * one ledger posting, one audit entry per bank transaction id, whoever matches it and however often.
 */
describe('bank-transfer deposits (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let contract: Contract;
  let api: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', DEPOSIT_MIN_AMOUNT: '10.00', DEPOSIT_MAX_AMOUNT: '5000.00' });
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    otherAdmin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    contract = await Contract.of(t);
    api = walletClient(t, admin);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await fx.ledgerCheck(t.sql as fx.Sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });

  const instructions = async (user: TestUser) =>
    contract.check(await t.http().get('/api/wallet/deposit/instructions').set('Authorization', user.bearer).expect(200)).body;
  const match = (by: TestUser, body: Record<string, unknown>, key?: string) => api.post(by, '/admin/bank-transfers', body, key);
  let txSeq = 0;
  const bankTxId = () => `BNK-${process.pid}-${Date.now()}-${++txSeq}`;
  const effects = async (userId: string) => {
    const [row] = await t.sql<{ deposits: string; postings: string; audits: string; transfers: string }>(
      `SELECT (SELECT count(*) FROM wallet_transactions WHERE user_id = ?)::text AS deposits,
              (SELECT count(*) FROM ledger_transactions l JOIN wallet_transactions w ON l.reference = w.id::text WHERE w.user_id = ? AND l.type = 'deposit')::text AS postings,
              (SELECT count(*) FROM audit_log a JOIN wallet_transactions w ON a.target_id = w.id::text WHERE w.user_id = ?)::text AS audits,
              (SELECT count(*) FROM bank_transfers WHERE user_id = ?)::text AS transfers`,
      [userId, userId, userId, userId],
    );
    return row;
  };

  it('gives each user one stable, unique, readable reference with the bank details, limits and expected time', async () => {
    const [a, b] = [await createUser(t, { kyc: 'Verified' }), await createUser(t)];
    const first = await instructions(a);
    expect(first).toEqual({
      reference: expect.stringMatching(/^ML-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/),
      beneficiary: 'Mirrorline Demo Ltd (client money)',
      bankName: 'Demo Bank',
      iban: 'GB33 BUKB 2020 1555 5555 55',
      bic: 'BUKBGB22',
      currency: 'USD',
      minAmount: '10.00',
      maxAmount: '5000.00',
      expectedTime: 'Usually within 1 business day',
    });
    expect((await instructions(a)).reference).toBe(first.reference);
    // Concurrent first reads of one user agree (the user's row is the key); another user's differs.
    const parallel = await Promise.all(Array.from({ length: 8 }, () => instructions(b)));
    expect(new Set(parallel.map((p) => p.reference)).size).toBe(1);
    expect(parallel[0].reference).not.toBe(first.reference);
    expect(await t.sql('SELECT 1 FROM deposit_references WHERE user_id = ?', [b.id])).toHaveLength(1);
    await t.http().get('/api/wallet/deposit/instructions').expect(401);
  });

  it('shows the admin whose reference it is (any spelling), and 404 WALLET.REFERENCE_NOT_FOUND for nobody\'s', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const { reference } = await instructions(user);
    const spelled = ` ${reference.toLowerCase().replace(/-/g, ' ')} `;
    const found = contract.check(await t.http().get(`/api/admin/deposit-references/${encodeURIComponent(spelled)}`).set('Authorization', admin.bearer).expect(200));
    expect(found.body).toEqual({ reference, userId: user.id, username: user.username, email: user.email, kycStatus: 'Verified', blocked: false, deleted: false });
    for (const unknown of ['ML-2222-2222', 'nonsense', 'ML-0000-0000']) {
      const res = contract.check(await t.http().get(`/api/admin/deposit-references/${unknown}`).set('Authorization', admin.bearer).expect(404));
      expect(res.body.code).toBe('WALLET.REFERENCE_NOT_FOUND');
    }
  });

  it('credits a matched transfer once: an approved deposit, one posting, audited, the user notified', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const { reference } = await instructions(user);
    const id = bankTxId();
    const res = contract.check(await match(admin, { reference, amount: '250.50', bankTxId: id }).expect(201));
    expect(res.body.transaction).toMatchObject({ userId: user.id, type: 'deposit', amount: '250.50', status: 'Approved', decidedBy: admin.id, note: `Bank transfer ${id}, reference ${reference}` });
    expect(res.body.user).toMatchObject({ userId: user.id, email: user.email });
    expect((await api.wallet(user)).balance).toBe('250.50');
    expect(await effects(user.id)).toEqual({ deposits: '1', postings: '1', audits: '1', transfers: '1' });
    const [audit] = await t.sql<{ actor_id: string; action: string; after: Record<string, unknown> }>(
      'SELECT actor_id, action, after FROM audit_log WHERE target_id = ?',
      [res.body.transaction.id],
    );
    expect(audit).toMatchObject({ actor_id: admin.id, action: 'wallet.approve', after: { status: 'Approved', amount: '250.50', userId: user.id } });
    const notices = await t.http().get('/api/notifications').set('Authorization', user.bearer).expect(200);
    expect(JSON.stringify(notices.body)).toContain('Deposit approved');

    // The same bank transaction again, by the same or another admin, with another amount or reference: 409, nothing.
    for (const [by, body] of [
      [admin, { reference, amount: '250.50', bankTxId: id }],
      [otherAdmin, { reference, amount: '999.00', bankTxId: id }],
    ] as const) {
      const again = contract.check(await match(by, body).expect(409));
      expect(again.body.code).toBe('WALLET.TRANSFER_ALREADY_MATCHED');
    }
    expect((await api.wallet(user)).balance).toBe('250.50');
    expect(await effects(user.id)).toEqual({ deposits: '1', postings: '1', audits: '1', transfers: '1' });
  });

  it('replays a retry with the same Idempotency-Key, and credits parallel matches of one transfer once', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const { reference } = await instructions(user);
    const body = { reference, amount: '100.00', bankTxId: bankTxId() };
    const first = await match(admin, body, 'match-key-1').expect(201);
    const retry = await match(admin, body, 'match-key-1').expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);

    const racing = { reference, amount: '40.00', bankTxId: bankTxId() };
    const answers = await Promise.all([admin, otherAdmin, admin, otherAdmin].map((by) => match(by, racing)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await api.wallet(user)).balance).toBe('140.00');
    expect(await effects(user.id)).toEqual({ deposits: '2', postings: '2', audits: '2', transfers: '2' });
  });

  it('refuses, changing nothing: an unknown reference, an amount outside the limits, one\'s own account, a user without KYC, a blocked user', async () => {
    const plain = await createUser(t, { kyc: 'Verified' });
    const unverified = await createUser(t, { kyc: 'Pending' });
    const blocked = await createUser(t, { kyc: 'Verified', blocked: true });
    const ref = async (u: TestUser) => (await instructions(u)).reference;
    const [plainRef, unverifiedRef, adminRef] = [await ref(plain), await ref(unverified), await ref(admin)];
    // a blocked user cannot sign in to read theirs: as if it was made before the block
    const blockedRef = 'ML-BKDX-2345';
    await t.sql('INSERT INTO deposit_references (user_id, reference) VALUES (?, ?)', [blocked.id, blockedRef]);
    const before = await t.sql('SELECT (SELECT count(*) FROM wallet_transactions) AS w, (SELECT count(*) FROM ledger_entries) AS e, (SELECT count(*) FROM bank_transfers) AS b');
    const cases: Array<[TestUser, Record<string, unknown>, number, string]> = [
      [admin, { reference: 'ML-2222-2222', amount: '50.00', bankTxId: bankTxId() }, 404, 'WALLET.REFERENCE_NOT_FOUND'],
      [admin, { reference: plainRef, amount: '9.99', bankTxId: bankTxId() }, 422, 'WALLET.DEPOSIT_LIMIT'],
      [admin, { reference: plainRef, amount: '5000.01', bankTxId: bankTxId() }, 422, 'WALLET.DEPOSIT_LIMIT'],
      [admin, { reference: adminRef, amount: '50.00', bankTxId: bankTxId() }, 403, 'FORBIDDEN'],
      [admin, { reference: unverifiedRef, amount: '50.00', bankTxId: bankTxId() }, 403, 'KYC_REQUIRED'],
      [admin, { reference: blockedRef, amount: '50.00', bankTxId: bankTxId() }, 409, 'WALLET.ACCOUNT_BLOCKED'],
      [plain, { reference: plainRef, amount: '50.00', bankTxId: bankTxId() }, 403, 'FORBIDDEN'],
      [admin, { reference: plainRef, amount: '50.00', bankTxId: bankTxId(), userId: plain.id }, 400, 'VALIDATION_FAILED'],
      [admin, { reference: plainRef, amount: 50, bankTxId: bankTxId() }, 400, 'VALIDATION_FAILED'],
      [admin, { reference: plainRef, amount: '50.00', bankTxId: ' spaced id' }, 400, 'VALIDATION_FAILED'],
      [admin, { reference: plainRef, amount: '50.00' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [by, body, status, code] of cases) {
      const res = contract.check(await match(by, body));
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect(await t.sql('SELECT (SELECT count(*) FROM wallet_transactions) AS w, (SELECT count(*) FROM ledger_entries) AS e, (SELECT count(*) FROM bank_transfers) AS b')).toEqual(before);
    // the other admin may credit the first admin's transfer (as they may approve the first admin's deposit)
    await match(otherAdmin, { reference: adminRef, amount: '50.00', bankTxId: bankTxId() }).expect(201);
  });
});
