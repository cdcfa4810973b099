import { copyTradingFixtures as fx } from '@mirrorline/copy-trading';
import { Contract } from './support/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser } from './support/users';

/** GET wallet/equity: the overview's equity chart, the user's settled equity at the end of each day, from the ledger. */
describe('wallet equity history', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());

  /** A deposit posted `daysAgo` days back (balanced: platform_deposits −, the user's cash +). */
  async function fundAt(userId: string, cents: number, daysAgo: number): Promise<void> {
    await sql(
      `INSERT INTO ledger_accounts (owner_id, kind) VALUES (?, 'cash') ON CONFLICT (owner_id, kind) WHERE owner_id IS NOT NULL AND copy_id IS NULL DO NOTHING`,
      [userId],
    );
    await sql(
      `WITH tx AS (INSERT INTO ledger_transactions (type, reference, created_at) VALUES ('deposit', 'dated-fixture:' || gen_random_uuid(), now() - ?::int * interval '1 day') RETURNING id)
       INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
       SELECT tx.id, e.account_id, e.amount, now() - ?::int * interval '1 day' FROM tx,
         (VALUES ((SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -?::bigint),
                 ((SELECT id FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash'), ?::bigint)) AS e(account_id, amount)`,
      [daysAgo, daysAgo, cents, userId, cents],
    );
  }

  it('a point a day, oldest first, ending today with cash + held + copy equity; a move between them changes nothing', async () => {
    const contract = await Contract.of(t);
    const user = await createUser(t, { kyc: 'Verified' });
    const trader = await createUser(t, { roles: ['User', 'Trader'] });
    const traderId = await fx.insertTraderProfile(sql, trader.id);
    await fundAt(user.id, 100_000, 40); // 1,000.00 forty days ago
    await fundAt(user.id, 50_000, 5); // 500.00 five days ago
    await t.http().post('/api/copies').set('Authorization', user.bearer).send({ traderId, amount: '300.00' }).expect(201);

    const res = await t.http().get('/api/wallet/equity').set('Authorization', user.bearer).expect(200);
    contract.check(res);
    const items = res.body.items as Array<{ date: string; equity: string }>;
    expect(items).toHaveLength(90);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    expect(items[0].date).toBe(day(89));
    expect(items[89].date).toBe(day(0));
    expect(items[49]).toEqual({ date: day(40), equity: '1000.00' });
    expect(items[48].equity).toBe('0.00');
    expect(items[84]).toEqual({ date: day(5), equity: '1500.00' });
    // Today: the follow moved 300.00 of cash to copy equity, the total stands.
    expect(items[89].equity).toBe('1500.00');
    const wallet = (await t.http().get('/api/wallet').set('Authorization', user.bearer).expect(200)).body;
    expect(Number(wallet.balance) + Number(wallet.tradingBalance) + Number(wallet.held)).toBeCloseTo(1500, 2);

    const short = (await t.http().get('/api/wallet/equity?days=7').set('Authorization', user.bearer).expect(200)).body.items;
    expect(short).toHaveLength(7);
    expect(short[6]).toEqual(items[89]);
    for (const bad of ['6', '366', 'abc']) await t.http().get(`/api/wallet/equity?days=${bad}`).set('Authorization', user.bearer).expect(400);
    await t.http().get('/api/wallet/equity').expect(401);
    // someone else's ledger is not in it
    const other = await createUser(t);
    expect((await t.http().get('/api/wallet/equity?days=7').set('Authorization', other.bearer).expect(200)).body.items.every((p: { equity: string }) => p.equity === '0.00')).toBe(true);
  });
});
