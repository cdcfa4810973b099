import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { Contract } from './support/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { closeAt, openAt } from './support/market';
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
    expect(items[49]).toEqual({ date: day(40), equity: '1000.00', flow: '1000.00', returnPct: 0 });
    expect(items[48].equity).toBe('0.00');
    expect(items[84]).toEqual({ date: day(5), equity: '1500.00', flow: '500.00', returnPct: 0 });
    // Today: the follow moved 300.00 of cash to copy equity, the total stands; no flow, no return.
    expect(items[89]).toMatchObject({ equity: '1500.00', flow: '0.00', returnPct: 0 });
    // Two deposits and no trade: the return is 0.00 % all along, never a jump.
    expect(items.every((p) => (p as unknown as { returnPct: number }).returnPct === 0)).toBe(true);
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

  it('returnPct is time-weighted: a copied trade\'s pnl is a return, a deposit after it is not', async () => {
    const contract = await Contract.of(t);
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    const user = await createUser(t, { kyc: 'Verified' });
    const trader = await createUser(t, { roles: ['User', 'Trader'] });
    const traderId = await fx.insertTraderProfile(sql, trader.id, 0);
    await fundAt(user.id, 100_000, 3); // 1,000.00 three days ago
    await t.http().post('/api/copies').set('Authorization', user.bearer).send({ traderId, amount: '1000.00' }).expect(201);
    // The trader buys with 50 % and closes 10 % up: the copy earns 50.00 (no share: 0 %).
    const opened = await openAt(t, admin.bearer, '100', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 50 }, `?traderId=${traderId}`).expect(201);
    await closeAt(t, admin.bearer, opened.body.trade.id, '110', `?traderId=${traderId}`).expect(200);
    const after = (await t.http().get('/api/wallet/equity?days=7').set('Authorization', user.bearer).expect(200));
    contract.check(after);
    const gained = after.body.items.at(-1) as { equity: string; flow: string; returnPct: number };
    expect(gained).toMatchObject({ equity: '1050.00', flow: '0.00', returnPct: 5 });
    // 2,000.00 more comes in today, after the trade: the equity jumps, the return does not move.
    await fundAt(user.id, 200_000, 0);
    const deposited = (await t.http().get('/api/wallet/equity?days=7').set('Authorization', user.bearer).expect(200)).body.items.at(-1);
    expect(deposited).toMatchObject({ equity: '3050.00', flow: '2000.00' });
    expect(deposited.returnPct).toBe(5);
    // The window's first day is the chain's start: over the last 2 days (the trade and the deposit both today) 5 % too.
    expect((await t.http().get('/api/wallet/equity?days=7').set('Authorization', user.bearer).expect(200)).body.items.map((p: { returnPct: number }) => p.returnPct)).toEqual([0, 0, 0, 0, 0, 0, 5]);
  });
});
