import { copyTradingFixtures as fx, SqlCopyNotices } from '@mirrorline/copy-trading/testing';
import { eventually } from './support/eventually';
import { openAt } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * Every instance sweeps the notices outbox periodically (OUTBOX_SWEEP_MS): a notice that another instance
 * committed but never delivered (it died right after the commit) is delivered within a sweep, with no
 * trade of this instance to wake its worker up. The cluster tier (test/cluster) shows it across processes.
 */
describe('outbox sweep: pending notices of a dead instance are delivered by a live one', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let trader: TestUser;
  let followers: TestUser[];

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', OUTBOX_SWEEP_MS: '300' });
    sql = t.sql as fx.Sql;
    trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await fx.insertTraderProfile(sql, trader.id, 20);
    followers = [];
    for (let i = 0; i < 3; i++) {
      const f = await createUser(t, { kyc: 'Verified' });
      await fx.fundCash(sql, f.id, 10_000);
      await t.http().post('/api/copies').set('Authorization', f.bearer).send({ traderId, amount: '50.00' }).expect(201);
      followers.push(f);
    }
  });
  afterAll(() => t.close());

  it('delivers a notice left pending by another instance within a sweep, once, and keeps the ledger whole', async () => {
    const opened = await openAt(t, trader.bearer, '1.10', { allocationPct: 20 }).expect(201);
    const tradeId = opened.body.trade.id as string;
    await t.delivered();
    // What a dead instance leaves behind: the trade committed with its notice, the notifications never written.
    await sql("DELETE FROM notifications WHERE type = 'copy_opened' AND data->>'tradeId' = ?", [tradeId]);
    await sql("INSERT INTO copy_trade_notices (trade_id, kind) VALUES (?, 'opened')", [tradeId]);

    // Nothing of this instance wakes its worker up (no trade, no restart): only a sweep delivers it.
    const delivered = () => sql("SELECT user_id FROM notifications WHERE type = 'copy_opened' AND data->>'tradeId' = ?", [tradeId]);
    await eventually(async () => (await delivered()).length >= followers.length, { what: 'the sweep delivering the notice' });
    await t.delivered();
    expect(await delivered()).toHaveLength(followers.length);
    expect(await sql('SELECT 1 FROM copy_trade_notices')).toHaveLength(0);
    // Once: a later sweep (driven here, as its timer would) finds nothing more to deliver.
    t.app.get(SqlCopyNotices).kick();
    await t.delivered();
    expect(await sql("SELECT 1 FROM notifications WHERE type = 'copy_opened' AND data->>'tradeId' = ?", [tradeId])).toHaveLength(followers.length);
    expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });
});
