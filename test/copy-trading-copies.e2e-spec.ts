import { PriceWatcher } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { useCopyTradingApp } from './support/copy-trading-spec';
import type { TestApp } from './support/test-app';

describe('copy trading: funds, withdraw, pause, resume and stop of a copy; Idempotency-Key (HTTP against real PostgreSQL)', () => {
  const spec = useCopyTradingApp();
  const { trader, follower, follow, open, close, myCopy, skipsOf } = spec;
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(() => {
    t = spec.t;
    sql = spec.sql;
  });

  describe('funds, withdraw, pause, resume, stop', () => {
    it('adds funds (mark and invested rise) and withdraws free equity only', async () => {
      const tr = await trader();
      const f = await follower(100_000);
      const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '100.00' });
      const funded = await t.http().post(`/api/copies/${copy.id}/funds`).set('Authorization', f.bearer).send({ amount: '50.00' });
      expect(funded.status).toBe(200);
      expect(funded.body).toMatchObject({ equity: '150.00', invested: '150.00', highWaterMark: '150.00' });
      await open(tr, { allocationPct: 60 }); // commits 90.00
      const tooMuch = await t.http().post(`/api/copies/${copy.id}/withdraw`).set('Authorization', f.bearer).send({ amount: '60.01' });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.code).toBe('COPY.INSUFFICIENT_FREE_EQUITY');
      const ok = await t.http().post(`/api/copies/${copy.id}/withdraw`).set('Authorization', f.bearer).send({ amount: '60.00' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ equity: '90.00', freeEquity: '0.00', invested: '90.00', highWaterMark: '90.00' });
      expect(await fx.cashOf(sql, f.id)).toBe(100_000n - 15_000n + 6_000n);
      // Nobody else can touch the copy: it looks missing.
      const stranger = await follower();
      expect((await t.http().post(`/api/copies/${copy.id}/withdraw`).set('Authorization', stranger.bearer).send({ amount: '1.00' })).status).toBe(404);
      expect((await t.http().post('/api/copies/not-a-uuid/pause').set('Authorization', stranger.bearer)).status).toBe(404);
    });

    it('records why a copy got no position: paused, zero size', async () => {
      const tr = await trader();
      const paused = await follower();
      const tiny = await follower();
      const { body: pc } = await follow(paused, { traderId: tr.traderId, amount: '10.00' });
      const { body: tc } = await follow(tiny, { traderId: tr.traderId, amount: '10.00' });
      expect((await t.http().post(`/api/copies/${pc.id}/pause`).set('Authorization', paused.bearer)).body.status).toBe('paused');
      // Take the tiny copy's equity down to 0.01: 1 % of one cent is zero.
      await t.http().post(`/api/copies/${tc.id}/withdraw`).set('Authorization', tiny.bearer).send({ amount: '9.99' }).expect(200);
      const opened = await open(tr, { allocationPct: 1 });
      expect(opened.body).toMatchObject({ copied: 0, skipped: { paused: 1, zero_size: 1 } });
      expect(await skipsOf(opened.body.trade.id)).toEqual(
        expect.arrayContaining([{ copy_id: pc.id, reason: 'paused' }, { copy_id: tc.id, reason: 'zero_size' }]),
      );
      const skips = await t.http().get('/api/copies/skips').set('Authorization', paused.bearer).expect(200);
      expect(skips.body.items[0]).toMatchObject({ reason: 'paused', tradeId: opened.body.trade.id });
      expect((await t.http().post(`/api/copies/${pc.id}/resume`).set('Authorization', paused.bearer)).body.status).toBe('active');
      expect((await open(tr, { allocationPct: 100 })).body.copied).toBe(2);
    });

    it('stop with nothing open ends the copy and returns the equity at once', async () => {
      const tr = await trader();
      const f = await follower(10_000);
      const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '40.00' });
      const stopped = await t.http().post(`/api/copies/${copy.id}/stop`).set('Authorization', f.bearer);
      expect(stopped.status).toBe(200);
      expect(stopped.body).toMatchObject({ status: 'stopped', equity: '0.00', stopReason: 'user' });
      expect(await fx.cashOf(sql, f.id)).toBe(10_000n);
      expect((await t.http().post(`/api/copies/${copy.id}/resume`).set('Authorization', f.bearer)).status).toBe(409);
      expect((await t.http().post(`/api/copies/${copy.id}/funds`).set('Authorization', f.bearer).send({ amount: '1.00' })).status).toBe(409);
      // An ended copy does not block following again.
      expect((await follow(f, { traderId: tr.traderId, amount: '10.00' })).status).toBe(201);
    });

    it('stop with an open position: no new trades, the close settles it and returns the equity', async () => {
      const tr = await trader(20);
      const f = await follower(10_000);
      const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '100.00' });
      const first = await open(tr, { allocationPct: 50 });
      const stopping = await t.http().post(`/api/copies/${copy.id}/stop`).set('Authorization', f.bearer);
      expect(stopping.body).toMatchObject({ status: 'stopping', openPositions: 1 });
      const second = await open(tr);
      expect(second.body).toMatchObject({ copied: 0, skipped: { stopping: 1 } });
      const closed = await close(tr, first.body.trade.id, '104'); // +2.00, fee 0.40
      expect(closed.body).toMatchObject({ copiersPnl: '2.00', profitShare: '0.40', endedCopies: 1 });
      expect(await myCopy(f, copy.id)).toMatchObject({ status: 'stopped', equity: '0.00', pnl: '1.60' });
      expect(await fx.cashOf(sql, f.id)).toBe(10_000n - 10_000n + 10_160n);
      expect(await fx.cashOf(sql, tr.id)).toBe(40n);
      const note = await sql<{ type: string }>("SELECT type FROM notifications WHERE user_id = ? AND type = 'copy_ended'", [f.id]);
      expect(note).toHaveLength(1);
    });

    it('a stop loss hit at settlement stops the copy and returns what is left', async () => {
      const tr = await trader(20);
      const f = await follower(10_000);
      const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '100.00', stopLossPct: 60 });
      const opened = await open(tr, { allocationPct: 100 });
      // The price jumps to 55 between two watcher cycles, and the trader's close meets it first.
      const watcher = t.app.get(PriceWatcher);
      watcher.pause();
      const closed = await close(tr, opened.body.trade.id, '55').run().finally(() => watcher.resume()); // −45 %: equity 55.00 ≤ 60 % of 100.00
      expect(closed.body).toMatchObject({ copiersPnl: '-45.00', stopLossHit: 1, endedCopies: 1 });
      expect(await myCopy(f, copy.id)).toMatchObject({ status: 'stopped', stopReason: 'stop_loss', equity: '0.00' });
      expect(await fx.cashOf(sql, f.id)).toBe(5_500n);
      const guard = await sql("SELECT 1 FROM notifications WHERE user_id = ? AND type = 'guard_hit'", [f.id]);
      expect(guard).toHaveLength(1);
    });

    it('a daily loss limit reached today skips new trades with the reason', async () => {
      const tr = await trader();
      const f = await follower(10_000);
      const settings = await t.http().patch('/api/copies/settings').set('Authorization', f.bearer).send({ dailyLossLimit: '10.00' });
      expect(settings.status).toBe(200);
      expect(settings.body).toMatchObject({ dailyLossLimit: '10.00', todayPnl: '0.00', limitReached: false });
      await follow(f, { traderId: tr.traderId, amount: '100.00' });
      const losing = await open(tr, { allocationPct: 100 });
      await close(tr, losing.body.trade.id, '89'); // −11.00
      expect((await t.http().get('/api/copies/settings').set('Authorization', f.bearer)).body).toMatchObject({ todayPnl: '-11.00', limitReached: true });
      const next = await open(tr);
      expect(next.body).toMatchObject({ copied: 0, skipped: { daily_loss_limit: 1 } });
      await t.delivered();
      expect(await sql("SELECT 1 FROM notifications WHERE user_id = ? AND type = 'guard_hit'", [f.id])).toHaveLength(1);
      // Removing the limit lets the next trade through.
      await t.http().patch('/api/copies/settings').set('Authorization', f.bearer).send({ dailyLossLimit: null }).expect(200);
      expect((await open(tr)).body.copied).toBe(1);
      expect((await t.http().patch('/api/copies/settings').set('Authorization', f.bearer).send({ dailyLossLimit: '-1' })).status).toBe(400);
    });
  });

  describe('Idempotency-Key on close and stop (money-moving POSTs, product.md §4)', () => {
    it('close: the same key twice replays the first 200 body; a different key on the closed trade is a 409', async () => {
      const tr = await trader(20);
      const f = await follower();
      const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '100.00' });
      const opened = await open(tr);
      const first = await close(tr, opened.body.trade.id, '110').set('Idempotency-Key', 'close-once');
      const second = await close(tr, opened.body.trade.id, '110').set('Idempotency-Key', 'close-once');
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(first.body).toMatchObject({ positions: 1, copiersPnl: '5.00', profitShare: '1.00' });
      // Settled once: one settlement posting, the copy moved once.
      expect(await sql("SELECT 1 FROM ledger_transactions WHERE type = 'trade_settlement' AND reference = ?", [`trade:${opened.body.trade.id}`])).toHaveLength(1);
      expect(await fx.copyEquityOf(sql, copy.id)).toBe(10_400n);
      const other = await close(tr, opened.body.trade.id, '110').set('Idempotency-Key', 'close-twice');
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('TRADE.ALREADY_CLOSED');
    });

    it('stop: the same key twice replays the first 200 body; a different key on the stopped copy is a 409', async () => {
      const tr = await trader();
      const f = await follower(10_000);
      const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '40.00' });
      const stop = (key: string) => t.http().post(`/api/copies/${copy.id}/stop`).set('Authorization', f.bearer).set('Idempotency-Key', key);
      const first = await stop('stop-once');
      const second = await stop('stop-once');
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(first.body).toMatchObject({ status: 'stopped', equity: '0.00' });
      expect(await sql("SELECT 1 FROM ledger_transactions WHERE type = 'copy_return' AND reference = ?", [`copy:${copy.id}:return`])).toHaveLength(1);
      expect(await fx.cashOf(sql, f.id)).toBe(10_000n);
      const other = await stop('stop-twice');
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('COPY.ENDED');
    });
  });
});
