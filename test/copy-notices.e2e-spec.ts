import { UnitOfWork } from '@mirrorline/shared';
import { afterCommit } from '@mirrorline/shared/nest';
import { PriceWatcher } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx, SqlCopyNotices } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt, setQuote } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import type { Server } from 'node:http';
import { baseUrl, openSse, type SseClient } from './support/sse';

/**
 * The followers' trade notices go through a transactional outbox (copy_trade_notices): recorded in the
 * trade's transaction, written right after the commit, exactly once, and never for a rolled-back trade.
 */
describe('copy trade notices (transactional outbox)', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let trader: TestUser;
  let followers: TestUser[];

  const open = async (symbol = 'XRPUSDT') =>
    (await openAt(t, trader.bearer, '1.10', { symbol, side: 'buy', allocationPct: 20 }).expect(201)).body.trade.id as string;
  const close = (tradeId: string, price: string) => closeAt(t, trader.bearer, tradeId, price);
  const noticesOf = (tradeId: string, type: string) =>
    sql<{ user_id: string }>("SELECT user_id FROM notifications WHERE type = ? AND data->>'tradeId' = ? ORDER BY user_id", [type, tradeId]);

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
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

  it('writes one notice per follower after the commit, and leaves no pending notice', async () => {
    const tradeId = await open();
    await t.delivered();
    expect(await noticesOf(tradeId, 'copy_opened')).toHaveLength(3);
    await close(tradeId, '1.21').expect(200);
    await t.delivered();
    const closed = await noticesOf(tradeId, 'copy_closed');
    expect(closed.map((n) => n.user_id).sort()).toEqual(followers.map((f) => f.id).sort());
    expect(await sql('SELECT 1 FROM copy_trade_notices')).toHaveLength(0);
  });

  it('delivers, once, a notice a crashed process committed but never delivered', async () => {
    const tradeId = await open('ETHUSDT');
    await t.delivered();
    // As if the process had died between the commit and the delivery: the notifications are not there,
    // the notice is.
    await sql("DELETE FROM notifications WHERE type = 'copy_opened' AND data->>'tradeId' = ?", [tradeId]);
    await sql("INSERT INTO copy_trade_notices (trade_id, kind) VALUES (?, 'opened')", [tradeId]);
    const notices = t.app.get(SqlCopyNotices);
    notices.onApplicationBootstrap(); // what the next start does
    notices.kick(); // a second wake-up while the first runs must not deliver twice
    await t.delivered();
    expect(await noticesOf(tradeId, 'copy_opened')).toHaveLength(3);
    expect(await sql('SELECT 1 FROM copy_trade_notices')).toHaveLength(0);
  });

  it('a rolled-back transaction records no notice and runs no after-commit work', async () => {
    const uow = t.app.get(UnitOfWork);
    const ran: string[] = [];
    await expect(
      uow.run(async (tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await uow.run(async (tx) => afterCommit(tx, () => ran.push('committed')));
    expect(ran).toEqual(['committed']);
    // A close refused by the engine (already closed) leaves no notice behind.
    const tradeId = await open('SOLUSDT');
    await close(tradeId, '1.00').expect(200);
    await close(tradeId, '1.00').expect(409);
    await t.delivered();
    expect(await noticesOf(tradeId, 'copy_closed')).toHaveLength(3);
  });

  it("writes a copy close-out's guard_hit and copy_ended notices and live events from its outbox row, after the commit, once", async () => {
    const other = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const otherId = await fx.insertTraderProfile(sql, other.id, 20);
    const guarded: TestUser[] = [];
    for (let i = 0; i < 2; i++) {
      const f = await createUser(t, { kyc: 'Verified' });
      await fx.fundCash(sql, f.id, 10_000);
      await t.http().post('/api/copies').set('Authorization', f.bearer).send({ traderId: otherId, amount: '100.00', stopLossPct: 50 }).expect(201);
      guarded.push(f);
    }
    const url = baseUrl(t.app.getHttpServer() as Server);
    const streams = [];
    for (const f of [...guarded, followers[0]]) streams.push(await openSse(`${url}/api/events/stream`, { Authorization: f.bearer }));
    const watcher = t.app.get(PriceWatcher);
    watcher.pause();
    try {
      await openAt(t, other.bearer, '100', { symbol: 'DOGEUSDT', side: 'buy', allocationPct: 100 }).expect(201);
      await setQuote(t, 'DOGEUSDT', '40'); // −60.00 on 100.00: live equity 40.00 ≤ 50 % → closed out, ended
      expect(await watcher.cycle([{ symbol: 'DOGEUSDT', bid: '40', ask: '40', time: new Date() }])).toMatchObject({ closedOutCopies: 2 });
      await t.delivered();
      // Each follower closed out hears it live, once: position_closed, guard_hit and copy_stopped, with the trader.
      const data = { traderId: otherId, traderName: expect.any(String), reason: 'copy_stop_loss' };
      for (const stream of streams.slice(0, 2)) {
        const closed = await stream.next((e) => e.event === 'position_closed' && e.data.includes('copy_stop_loss'));
        expect(JSON.parse(closed.data)).toEqual({ type: 'position_closed', data: { ...data, closeReason: 'copy_stop_loss' } });
        expect(JSON.parse((await stream.next((e) => e.event === 'guard_hit')).data)).toEqual({ type: 'guard_hit', data: { ...data, guard: 'copy_stop_loss' } });
        expect(JSON.parse((await stream.next((e) => e.event === 'copy_stopped')).data)).toEqual({ type: 'copy_stopped', data });
        expect(stream.events.filter((e) => e.event === 'guard_hit')).toHaveLength(1);
      }
      // A follower of another trader hears none of it.
      expect(streams[2].events.filter((e) => e.event === 'guard_hit' || e.event === 'copy_stopped')).toHaveLength(0);
    } finally {
      watcher.resume();
      for (const stream of streams) stream.close();
    }
    const ids = guarded.map((f) => f.id);
    const notes = await sql<{ user_id: string; type: string; body: string; data: Record<string, string> }>(
      "SELECT user_id, type, body, data FROM notifications WHERE user_id = ANY (?::uuid[]) AND type IN ('guard_hit', 'copy_ended') ORDER BY type, user_id",
      [`{${ids.join(',')}}`],
    );
    const sorted = [...ids].sort();
    expect(notes).toEqual([
      ...sorted.map((id) => ({ user_id: id, type: 'copy_ended', body: '40.00 USD returned to your balance.', data: expect.objectContaining({ returned: '4000' }) })),
      ...sorted.map((id) => ({ user_id: id, type: 'guard_hit', body: expect.any(String), data: expect.objectContaining({ guard: 'copy_stop_loss', pnl: '-6000' }) })),
    ]);
    expect(await sql('SELECT 1 FROM copy_guard_notices')).toHaveLength(0);
    // A notice a crashed process committed but never delivered is delivered at the next wake-up, once.
    const [copy] = await sql<{ id: string }>('SELECT id FROM copies WHERE follower_id = ?', [ids[0]]);
    await sql(
      'INSERT INTO copy_guard_notices (follower_ids, copy_ids, trader_ids, pnls, returned) VALUES (?::uuid[], ?::uuid[], ?::int[], ?::bigint[], ?::bigint[])',
      [`{${ids[0]}}`, `{${copy.id}}`, `{${otherId}}`, '{-6000}', '{NULL}'],
    );
    const notices = t.app.get(SqlCopyNotices);
    notices.kick();
    notices.kick();
    await t.delivered();
    const count = async (type: string) => (await sql('SELECT 1 FROM notifications WHERE user_id = ? AND type = ?', [ids[0], type])).length;
    expect([await count('guard_hit'), await count('copy_ended')]).toEqual([2, 1]); // a copy left open gets no copy_ended
    expect(await sql('SELECT 1 FROM copy_guard_notices')).toHaveLength(0);
  });

  it("sends each copier's position_opened / position_closed (with the fill receipt) with the notices, once the trade committed", async () => {
    const url = baseUrl(t.app.getHttpServer() as Server);
    const streams: SseClient[] = [];
    for (const f of followers) streams.push(await openSse(`${url}/api/events/stream`, { Authorization: f.bearer }));
    const outsider = await createUser(t, { kyc: 'Verified' });
    const other = await openSse(`${url}/api/events/stream`, { Authorization: outsider.bearer });
    try {
      const tradeId = await open('BNBUSDT');
      const opened = await Promise.all(streams.map((s) => s.next((e) => e.event === 'position_opened')));
      for (const e of opened) {
        const event = JSON.parse(e.data) as { type: string; data: Record<string, unknown> };
        expect(event).toMatchObject({
          type: 'position_opened',
          data: { tradeId, symbol: 'BNBUSDT', side: 'buy', entryPrice: '1.1', receipt: { traderFill: '1.1', copierFill: '1.1', delayMs: 0, slippageBps: '0.00' } },
        });
        expect(typeof (event.data.receipt as { quoteTime: unknown }).quoteTime).toBe('string');
      }
      await close(tradeId, '1.21').expect(200);
      const closed = await Promise.all(streams.map((s) => s.next((e) => e.event === 'position_closed')));
      for (const e of closed) {
        expect(JSON.parse(e.data)).toMatchObject({ type: 'position_closed', data: { tradeId, exitPrice: '1.21', closeReason: 'manual' } });
      }
      await t.delivered();
      // Exactly one of each per copier; nothing for a user who copies nobody.
      for (const s of streams) {
        const mine = s.events.filter((e) => e.event.startsWith('position_') && (JSON.parse(e.data) as { data: { tradeId?: string } }).data.tradeId === tradeId);
        expect(mine.map((e) => e.event).sort()).toEqual(['position_closed', 'position_opened']);
      }
      expect(other.events.filter((e) => e.event.startsWith('position_'))).toHaveLength(0);
    } finally {
      for (const s of [...streams, other]) s.close();
    }
  });
});
