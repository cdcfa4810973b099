import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/** Credits cash the way an approved deposit does: one balanced posting platform_deposits → cash. */
export async function fundCash(t: TestApp, userId: string, cents: number): Promise<void> {
  await t.sql(
    `INSERT INTO ledger_accounts (owner_id, kind) VALUES (?, 'cash')
     ON CONFLICT (owner_id, kind) WHERE owner_id IS NOT NULL AND copy_id IS NULL DO NOTHING`,
    [userId],
  );
  await t.sql(
    `WITH tx AS (INSERT INTO ledger_transactions (type, reference) VALUES ('deposit', 'test') RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, e.account_id, e.amount FROM tx,
       (VALUES ((SELECT id FROM ledger_accounts WHERE kind = 'platform_deposits'), -?::bigint),
               ((SELECT id FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash'), ?::bigint)) AS e(account_id, amount)`,
    [cents, userId, cents],
  );
}

const cashOf = async (t: TestApp, userId: string): Promise<number> =>
  Number((await t.sql<{ b: string }>("SELECT coalesce(sum(balance), 0) AS b FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash'", [userId]))[0].b);

async function createTrader(t: TestApp, share = 20): Promise<TestUser & { traderId: number }> {
  const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
  const [{ id }] = await t.sql<{ id: number }>(
    "INSERT INTO trader_profiles (user_id, name, share_pct) VALUES (?, 'Test Trader', ?) RETURNING id",
    [user.id, share],
  );
  return { ...user, traderId: Number(id) };
}

describe('copy trading (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
  });
  afterAll(() => t.close());

  it('settles the product example to the cent: follow 500.00, 50 %, +10 %, share 20 %', async () => {
    const trader = await createTrader(t, 20);
    const follower = await createUser(t, { kyc: 'Verified' });
    await fundCash(t, follower.id, 100_000);

    const follow = await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId: trader.traderId, amount: '500.00' });
    expect(follow.status).toBe(201);
    expect(follow.body).toMatchObject({ traderId: trader.traderId, status: 'active', invested: '500.00', equity: '500.00', freeEquity: '500.00' });
    expect(await cashOf(t, follower.id)).toBe(50_000);

    const open = await t
      .http()
      .post('/api/trader/trades')
      .set('Authorization', trader.bearer)
      .send({ market: 'Stocks', pair: 'AAPL', side: 'buy', entryPrice: '100', allocationPct: 50 });
    expect(open.status).toBe(201);
    expect(open.body).toMatchObject({ copied: 1, committed: '250.00' });

    const close = await t.http().post(`/api/trader/trades/${open.body.trade.id}/close`).set('Authorization', trader.bearer).send({ exitPrice: '110' });
    expect(close.status).toBe(200);
    expect(close.body).toMatchObject({ positions: 1, copiersPnl: '25.00', profitShare: '5.00' });
    expect(close.body.trade).toMatchObject({ status: 'closed', pnlPct: '10.0000' });

    const copies = await t.http().get('/api/copies').set('Authorization', follower.bearer).expect(200);
    expect(copies.body[0]).toMatchObject({ equity: '520.00', highWaterMark: '520.00', pnl: '20.00', feesPaid: '5.00' });
    expect(await cashOf(t, trader.id)).toBe(500);

    const trades = await t.http().get('/api/trades').set('Authorization', follower.bearer).expect(200);
    expect(trades.body.items[0]).toMatchObject({ status: 'closed', size: '250.00', pnl: '25.00', fee: '5.00', pnlPct: 10, traderPnlPct: 10, divergencePct: 0 });
  });
});
