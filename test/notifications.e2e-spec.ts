import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

describe('notifications (in-app, raised set-based by copy events)', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let follower: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
    const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await fx.insertTraderProfile(sql, trader.id, 20);
    follower = await createUser(t, { kyc: 'Verified' });
    other = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, follower.id, 10_000);
    await fx.fundCash(sql, other.id, 10_000);
    const copy = await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId, amount: '100.00' }).expect(201);
    await t.http().post('/api/copies').set('Authorization', other.bearer).send({ traderId, amount: '100.00' }).expect(201);
    const trade = await openAt(t, trader.bearer, '1.25', { symbol: 'XRPUSDT', side: 'buy', allocationPct: 50 }).expect(201);
    await closeAt(t, trader.bearer, trade.body.trade.id, '1.30').expect(200);
    await t.http().post(`/api/copies/${copy.body.id}/pause`).set('Authorization', follower.bearer).expect(200);
    await openAt(t, trader.bearer, '1.08', { symbol: 'SOLUSDT', side: 'sell', allocationPct: 10 }).expect(201);
    await t.delivered(); // the followers' trade notices are written right after each commit (outbox)
  });
  afterAll(() => t.close());

  it('lists mine newest first with the unread count: copied, closed with pnl, skipped with reason', async () => {
    const res = await t.http().get('/api/notifications').set('Authorization', follower.bearer).expect(200);
    expect(res.body.items.map((n: { type: string }) => n.type)).toEqual(['copy_skipped', 'copy_closed', 'copy_opened', 'copy_started']);
    expect(res.body).toMatchObject({ total: 4, unread: 4, page: 1, limit: 20 });
    const [skipped, closed, opened, started] = res.body.items;
    // `data` holds what the SPA writes titles and sentences from (pair, side, trader); the texts stay for mail and logs
    expect(skipped).toMatchObject({ title: 'Trade SOLUSDT not copied', body: 'Your copy is paused.', read: false, data: { reason: 'paused', pair: 'SOLUSDT' } });
    // 50.00 at +4 % → +2.00, profit share 20 % → 0.40
    expect(closed).toMatchObject({ title: 'XRPUSDT closed: +2.00 USD', body: 'Trade pnl 4 %, profit share 0.40 USD', data: { pnl: '200', fee: '40', pair: 'XRPUSDT', pnlPct: '4' } });
    expect(opened).toMatchObject({ title: 'Copied buy XRPUSDT from Test Trader', body: 'Position size 50.00 USD', data: { pair: 'XRPUSDT', side: 'buy', trader: 'Test Trader', size: 5000 } });
    expect(started).toMatchObject({ title: 'You now copy Test Trader', data: { trader: 'Test Trader' } });
    expect(new Date(closed.createdAt).toISOString()).toBe(closed.createdAt);
  });

  it('pages and filters unread', async () => {
    const page = await t.http().get('/api/notifications?limit=3&page=2').set('Authorization', follower.bearer).expect(200);
    expect(page.body).toMatchObject({ total: 4, items: [{ type: 'copy_started' }] });
    expect((await t.http().get('/api/notifications?limit=0').set('Authorization', follower.bearer)).status).toBe(400);
  });

  it('marks one read, never someone else’s, then all', async () => {
    const mine = (await t.http().get('/api/notifications').set('Authorization', follower.bearer)).body.items;
    const theirs = (await t.http().get('/api/notifications').set('Authorization', other.bearer)).body.items;
    expect((await t.http().post(`/api/notifications/${mine[0].id}/read`).set('Authorization', follower.bearer)).status).toBe(200);
    // Marking a read one again is fine (its read time stays).
    expect((await t.http().post(`/api/notifications/${mine[0].id}/read`).set('Authorization', follower.bearer)).status).toBe(200);
    expect((await t.http().post(`/api/notifications/${theirs[0].id}/read`).set('Authorization', follower.bearer)).status).toBe(404);
    expect((await t.http().post('/api/notifications/xyz/read').set('Authorization', follower.bearer)).status).toBe(404);
    const after = await t.http().get('/api/notifications?unread=true').set('Authorization', follower.bearer).expect(200);
    expect(after.body).toMatchObject({ total: 3, unread: 3 });
    expect(after.body.items.map((n: { id: string }) => n.id)).not.toContain(mine[0].id);
    expect((await t.http().get('/api/notifications').set('Authorization', other.bearer)).body.unread).toBe(theirs.length);
    await t.http().post('/api/notifications/all/read').set('Authorization', follower.bearer).expect(200);
    expect((await t.http().get('/api/notifications').set('Authorization', follower.bearer)).body.unread).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await t.http().get('/api/notifications')).status).toBe(401);
  });
});
