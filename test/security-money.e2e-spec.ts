import { hash } from '@node-rs/argon2';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * Issue 11, "Money beyond safe integers" and "Profit-share bait and switch".
 */
describe('security: money limits and the profit share a copy agreed to', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    sql = t.sql as fx.Sql;
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
  });
  afterAll(() => t.close());

  async function trader(share: number): Promise<TestUser & { traderId: number }> {
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    return { ...user, traderId: await fx.insertTraderProfile(sql, user.id, share) };
  }
  async function follower(cents: number | bigint): Promise<TestUser> {
    const user = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, user.id, cents);
    return user;
  }
  // Market orders at prices the test feed sets (a sock puppet's trader cannot type one any more; the limit
  // still holds whatever the market does).
  const open = (who: TestUser, price: string) => openAt(t, who.bearer, price, { allocationPct: 100 });
  const close = (who: TestUser, tradeId: string, price: string) => closeAt(t, who.bearer, tradeId, price);
  const follow = (who: TestUser, traderId: number, amount: string) => t.http().post('/api/copies').set('Authorization', who.bearer).send({ traderId, amount });

  afterEach(async () => {
    expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });

  it('the overflow attack: a trader and a sock puppet cannot push an equity past the limit; the close is a 422 that writes nothing', async () => {
    const tr = await trader(0);
    const puppet = await follower(1_000_000_000); // 10,000,000.00 USD
    const { body: copy } = await follow(puppet, tr.traderId, '10000000.00').expect(201);

    // Trade 1: ×10 (+900 %): 100,000,000.00 USD, inside the limit (1,000,000,000.00).
    const first = await open(tr, '1').expect(201);
    await close(tr, first.body.trade.id, '10').expect(200);
    expect(await fx.copyEquityOf(sql, copy.id)).toBe(10_000_000_000n);

    // Trade 2: ×1,000,000 (a move the trade rules still accept) would take the equity to 10^16 cents, past
    // 2^53 (≈ 9.007 × 10^15): the attack as it was made. Refused, nothing written.
    const marketBefore = await fx.platformMarket(sql);
    const entriesBefore = (await sql<{ n: string }>('SELECT count(*)::text AS n FROM ledger_entries'))[0].n;
    const second = await open(tr, '1').expect(201);
    const refused = await close(tr, second.body.trade.id, '1000000');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'WALLET.BALANCE_LIMIT' });
    expect(await fx.copyEquityOf(sql, copy.id)).toBe(10_000_000_000n);
    expect(await fx.platformMarket(sql)).toBe(marketBefore);
    expect((await sql<{ n: string }>('SELECT count(*)::text AS n FROM ledger_entries'))[0].n).toBe(entriesBefore);
    const [trade] = await sql<{ status: string }>('SELECT status FROM trader_trades WHERE id = ?', [second.body.trade.id]);
    expect(trade.status).toBe('open');
  });

  it('a deposit approval or an adjustment past the limit is a 422 that writes nothing', async () => {
    const rich = await follower(99_999_999_000n); // 999,999,990.00 USD
    const deposit = await t.http().post('/api/wallet/deposit').set('Authorization', rich.bearer).send({ amount: '100.00' }).expect(201);
    const approve = await t.http().post(`/api/admin/transactions/${deposit.body.id}/approve`).set('Authorization', admin.bearer);
    expect(approve.status).toBe(422);
    expect(approve.body.code).toBe('WALLET.BALANCE_LIMIT');
    expect(await fx.cashOf(sql, rich.id)).toBe(99_999_999_000n);
    const [tx] = await sql<{ status: string }>('SELECT status FROM wallet_transactions WHERE id = ?', [deposit.body.id]);
    expect(tx.status).toBe('Pending');
  });

  it('balances stored past 2^53 before the limit existed are shown exactly: no 500 on admin/wallets, admin_details, get-all, impersonate or login', async () => {
    const passwordHash = await hash('a-strong-password', { algorithm: 2 });
    const whale = await createUser(t, { kyc: 'Verified', passwordHash });
    const huge = 9_007_199_254_740_993n; // 2^53 + 1 cents: not a safe integer
    // What the ledger held before this fix: the limit is NOT VALID, so an old row past it stays as it is.
    await sql('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_max_balance');
    try {
      await fx.fundCash(sql, whale.id, huge);
    } finally {
      await sql('ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_max_balance CHECK (owner_id IS NULL OR balance <= 100000000000) NOT VALID');
    }
    const shown = '90071992547409.93';
    const wallets = await t.http().get('/api/admin/wallets').query({ search: whale.username }).set('Authorization', admin.bearer);
    expect(wallets.status).toBe(200);
    expect(wallets.body.wallets[0].balance).toBe(shown);
    expect((await t.http().get('/api/admin_details').set('Authorization', admin.bearer)).status).toBe(200);
    const all = await t.http().get('/api/user/get-all').query({ search: whale.username }).set('Authorization', admin.bearer);
    expect(all.status).toBe(200);
    expect(all.body.users[0].balance).toBe(shown);
    const impersonated = await t.http().post('/api/admin/impersonate').set('Authorization', admin.bearer).send({ userId: whale.id });
    expect(impersonated.status).toBe(200);
    const login = await t.http().post('/api/auth/login').send({ email: whale.email, password: 'a-strong-password' });
    expect(login.status).toBe(200);
    const me = await t.http().get('/api/user/get').set('Authorization', `Bearer ${login.body.accessToken}`);
    expect(me.status).toBe(200);
    expect(me.body.user.balance).toBe(shown);
    const wallet = await t.http().get('/api/wallet').set('Authorization', `Bearer ${login.body.accessToken}`);
    expect(wallet.status).toBe(200);
    expect(wallet.body.balance).toBe(shown);
    // Any further credit to that account is refused; the ledger stays balanced.
    const deposit = await t.http().post('/api/wallet/deposit').set('Authorization', whale.bearer).send({ amount: '1.00' }).expect(201);
    expect((await t.http().post(`/api/admin/transactions/${deposit.body.id}/approve`).set('Authorization', admin.bearer)).status).toBe(422);
  });

  it('profit share: a copy keeps the share it was opened with; the raise applies to new copies; the follower is told and may accept', async () => {
    const tr = await trader(0);
    const f = await follower(100_000);
    const { body: copy } = await follow(f, tr.traderId, '1000.00').expect(201);
    expect(copy).toMatchObject({ share: 0, traderShare: 0 });
    const opened = await open(tr, '100').expect(201);

    // The bait and switch: 0 % → 50 % while the follower's position is open.
    await t.http().patch('/api/traders/me').set('Authorization', tr.bearer).send({ share: 50 }).expect(200);
    const closed = await close(tr, opened.body.trade.id, '110').expect(200);
    expect(closed.body).toMatchObject({ copiersPnl: '100.00', profitShare: '0.00' });
    expect(await fx.cashOf(sql, tr.id)).toBe(0n);
    expect(await fx.copyEquityOf(sql, copy.id)).toBe(110_000n);

    const notes = await t.http().get('/api/notifications').set('Authorization', f.bearer).expect(200);
    const note = notes.body.items.find((n: { type: string }) => n.type === 'profit_share_changed');
    expect(note).toBeDefined();
    expect(note.data).toMatchObject({ copyId: copy.id, share: 0, newShare: 50 });
    const mine = (await t.http().get('/api/copies').set('Authorization', f.bearer).expect(200)).body.find((c: { id: string }) => c.id === copy.id);
    expect(mine).toMatchObject({ share: 0, traderShare: 50 });

    // A new copy takes the new share.
    const g = await follower(100_000);
    const { body: newCopy } = await follow(g, tr.traderId, '1000.00').expect(201);
    expect(newCopy).toMatchObject({ share: 50 });

    // Someone else cannot accept for the follower; the follower can.
    expect((await t.http().post(`/api/copies/${copy.id}/accept-share`).set('Authorization', g.bearer)).status).toBe(404);
    const accepted = await t.http().post(`/api/copies/${copy.id}/accept-share`).set('Authorization', f.bearer);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: copy.id, share: 50, traderShare: 50 });

    const next = await open(tr, '100').expect(201);
    const nextClosed = await close(tr, next.body.trade.id, '110').expect(200);
    // Both copies now pay 50 %: f gains 110.00 on 1,100.00 (fee 55.00), g gains 100.00 on 1,000.00 (fee 50.00).
    expect({ pnl: nextClosed.body.copiersPnl, fees: nextClosed.body.profitShare }).toEqual({ pnl: '210.00', fees: '105.00' });
  });
});
