import { PriceWatcher } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt, setQuote } from './support/market';
import { useCopyTradingApp } from './support/copy-trading-spec';
import type { TestUser } from './support/users';

/**
 * The copier's controls (product.md §12.1) against real PostgreSQL and the test feed (each quote has been through the
 * price watcher when setQuote resolves): PATCH copies/:id/settings and the copy take profit, POST copies/:id/stop
 * {closePositions: true}, POST trades/:positionId/close. Every money effect once, the ledger checked after each spec.
 */
describe('copy controls', () => {
  const spec = useCopyTradingApp();
  const { trader } = spec;
  const follower = (cash = 10_000) => spec.follower(cash);
  const follow = async (who: TestUser, traderId: number, amount: string, stopLossPct?: number) =>
    (await spec.t.http().post('/api/copies').set('Authorization', who.bearer).send({ traderId, amount, stopLossPct }).expect(201)).body as { id: string };
  const get = async (who: TestUser, path: string) => (await spec.t.http().get(path).set('Authorization', who.bearer).expect(200)).body;
  const patchGuards = (who: TestUser, copyId: string, body: unknown) =>
    spec.t.http().patch(`/api/copies/${copyId}/settings`).set('Authorization', who.bearer).send(body as object);
  const stop = (who: TestUser, copyId: string, body: unknown, key?: string) => {
    const req = spec.t.http().post(`/api/copies/${copyId}/stop`).set('Authorization', who.bearer);
    return (key ? req.set('Idempotency-Key', key) : req).send(body as object);
  };
  const closePosition = (who: TestUser, positionId: string, body: unknown = {}, key?: string) => {
    const req = spec.t.http().post(`/api/trades/${positionId}/close`).set('Authorization', who.bearer);
    return (key ? req.set('Idempotency-Key', key) : req).send(body as object);
  };
  const openPositions = async (who: TestUser) => (await get(who, '/api/trades?status=open')).items as Array<{ id: string; symbol: string; size: string }>;
  const closedPositions = async (who: TestUser) =>
    ((await get(who, '/api/trades?status=closed')).items as Array<{ symbol: string; closeReason: string; exitPrice: string; pnl: string; fee: string }>)
      .map((p) => [p.symbol, p.closeReason, p.exitPrice, p.pnl, p.fee])
      .sort();

  describe('PATCH copies/:id/settings', () => {
    it('sets, keeps and clears the guards of a running copy; the copy answers them', async () => {
      const tr = await trader();
      const f = await follower();
      const copy = await follow(f, tr.traderId, '50.00', 50);
      const set = await patchGuards(f, copy.id, { takeProfitPct: 25 }).expect(200);
      expect(set.body).toMatchObject({ id: copy.id, stopLossPct: 50, takeProfitPct: 25, status: 'active' });
      const both = await patchGuards(f, copy.id, { stopLossPct: 60, takeProfitPct: 1000 }).expect(200);
      expect(both.body).toMatchObject({ stopLossPct: 60, takeProfitPct: 1000 });
      const cleared = await patchGuards(f, copy.id, { stopLossPct: null }).expect(200);
      expect(cleared.body).toMatchObject({ stopLossPct: null, takeProfitPct: 1000 });
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, stopLossPct: null, takeProfitPct: 1000 });
    });

    it('refuses bad input with a 400 and changes nothing; someone else’s copy is a 404, an ended one a 409', async () => {
      const tr = await trader();
      const f = await follower();
      const other = await follower();
      const copy = await follow(f, tr.traderId, '50.00', 50);
      await patchGuards(f, copy.id, { takeProfitPct: 30 }).expect(200);
      for (const body of [
        {},
        { takeProfitPct: 0 }, // a take profit at or below what was invested: the stop loss's side
        { takeProfitPct: -10 },
        { takeProfitPct: 1001 },
        { takeProfitPct: 12.5 },
        { takeProfitPct: '20' },
        { stopLossPct: 4 },
        { stopLossPct: 96 },
        { stopLossPct: 50, dailyLossLimit: '10.00' },
        { takeProfitPct: 20, copyId: copy.id },
      ]) {
        const res = await patchGuards(f, copy.id, body).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400 });
        expect(typeof res.body.message).toBe('string');
      }
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ stopLossPct: 50, takeProfitPct: 30 });
      await patchGuards(other, copy.id, { takeProfitPct: 10 }).expect(404);
      await patchGuards(f, '00000000-0000-4000-8000-000000000000', { takeProfitPct: 10 }).expect(404);
      await patchGuards(f, 'not-a-copy', { takeProfitPct: 10 }).expect(404);
      await stop(f, copy.id, {}).expect(200); // nothing open: ends at once
      expect((await patchGuards(f, copy.id, { takeProfitPct: 10 }).expect(409)).body.code).toBe('COPY.ENDED');
    });
  });

  describe('copy take profit on live equity', () => {
    it('closes that copy out once its live equity reaches invested × (1 + tp), with profit share; the others keep their positions', async () => {
      const tr = await trader(20);
      const f = await follower();
      const relaxed = await follower();
      const copy = await follow(f, tr.traderId, '100.00');
      await follow(relaxed, tr.traderId, '100.00');
      await patchGuards(f, copy.id, { takeProfitPct: 20 }).expect(200);
      const traderCash = await fx.cashOf(spec.sql, tr.id);
      const opened = await openAt(spec.t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 50 }).expect(201); // 50.00 each
      await setQuote(spec.t, 'BTCUSDT', '139'); // +19.50: live equity 119.50 < 120.00
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ status: 'active', liveEquity: '119.50' });
      await setQuote(spec.t, 'BTCUSDT', '140'); // +20.00: live equity 120.00 ≥ 120.00 → closed out
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'stopped', stopReason: 'take_profit', openPositions: 0, equity: '0.00' });
      // profit share: 20 % of the 20.00 above the high-water mark
      expect(await closedPositions(f)).toEqual([['BTCUSDT', 'copy_take_profit', '140', '20.00', '4.00']]);
      expect(await fx.cashOf(spec.sql, f.id)).toBe(10_000n - 10_000n + 11_600n);
      expect(await fx.cashOf(spec.sql, tr.id)).toBe(traderCash + 400n);
      expect(await openPositions(relaxed)).toHaveLength(1);
      await spec.t.delivered();
      expect(await spec.sql("SELECT data->>'guard' AS guard FROM notifications WHERE user_id = ? AND type = 'guard_hit'", [f.id])).toEqual([{ guard: 'copy_take_profit' }]);
      expect(await spec.sql("SELECT 1 FROM notifications WHERE user_id = ? AND type = 'copy_ended'", [f.id])).toHaveLength(1);
      // The trader's close settles the other copy only; this copy's position is not settled twice.
      const closed = await closeAt(spec.t, tr.bearer, opened.body.trade.id, '140').expect(200);
      expect(closed.body).toMatchObject({ copiersPnl: '20.00', profitShare: '4.00' });
      expect(await fx.cashOf(spec.sql, f.id)).toBe(11_600n);
    });

    it('a settlement that lifts the equity to the take profit stops the copy and returns its equity', async () => {
      const tr = await trader(0);
      const f = await follower();
      const copy = await follow(f, tr.traderId, '100.00');
      const opened = await openAt(spec.t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 50 }).expect(201);
      await setQuote(spec.t, 'BTCUSDT', '130'); // live equity 115.00 with no take profit yet
      await patchGuards(f, copy.id, { takeProfitPct: 20 }).expect(200);
      // The price jumps past it and the trader's close meets it before the watcher does.
      const watcher = spec.t.app.get(PriceWatcher);
      watcher.pause();
      try {
        await closeAt(spec.t, tr.bearer, opened.body.trade.id, '150').expect(200); // +25.00: 125.00 ≥ 120.00
      } finally {
        watcher.resume();
      }
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'stopped', stopReason: 'take_profit', equity: '0.00' });
      expect(await fx.cashOf(spec.sql, f.id)).toBe(12_500n);
      expect(await spec.sql("SELECT data->>'guard' AS guard FROM notifications WHERE user_id = ? AND type = 'guard_hit'", [f.id])).toEqual([{ guard: 'take_profit' }]);
    });
  });

  describe('POST copies/:id/stop {closePositions: true}', () => {
    it('closes every open position now at the market for this copy alone, returns the equity and ends the copy, once', async () => {
      const tr = await trader(20);
      const f = await follower();
      const relaxed = await follower();
      const copy = await follow(f, tr.traderId, '100.00');
      await follow(relaxed, tr.traderId, '100.00');
      const btc = await openAt(spec.t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 50 }).expect(201); // 50.00
      await openAt(spec.t, tr.bearer, '10', { symbol: 'ETHUSDT', allocationPct: 50 }).expect(201); // 25.00
      await setQuote(spec.t, 'BTCUSDT', '110'); // +5.00
      await setQuote(spec.t, 'ETHUSDT', '9'); // −2.50
      const marketBefore = await fx.platformMarket(spec.sql);
      const res = await stop(f, copy.id, { closePositions: true }, 'stop-now-1').expect(200);
      expect(res.body).toMatchObject({ id: copy.id, status: 'stopped', stopReason: 'user', openPositions: 0, equity: '0.00' });
      // +2.50 net above the mark of 100.00: profit share 0.50 (on the copy's first trade's position)
      expect(await closedPositions(f)).toEqual([
        ['BTCUSDT', 'copy_stopped', '110', '5.00', '0.50'],
        ['ETHUSDT', 'copy_stopped', '9', '-2.50', '0.00'],
      ]);
      expect(await fx.cashOf(spec.sql, f.id)).toBe(10_200n);
      expect(await fx.platformMarket(spec.sql)).toBe(marketBefore - 250n);
      // the same key replays the answer; nothing moves twice
      const again = await stop(f, copy.id, { closePositions: true }, 'stop-now-1').expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await fx.cashOf(spec.sql, f.id)).toBe(10_200n);
      expect((await stop(f, copy.id, { closePositions: true }, 'stop-now-2').expect(409)).body.code).toBe('COPY.ENDED');
      // the other copier's positions stay open, and the trader's close settles them alone
      expect(await openPositions(relaxed)).toHaveLength(2);
      const closed = await closeAt(spec.t, tr.bearer, btc.body.trade.id, '110').expect(200);
      expect(closed.body).toMatchObject({ positions: 1 });
      expect(await fx.cashOf(spec.sql, f.id)).toBe(10_200n);
      await spec.t.delivered();
      expect(await spec.sql("SELECT type FROM notifications WHERE user_id = ? AND type IN ('guard_hit', 'copy_ended')", [f.id])).toEqual([{ type: 'copy_ended' }]);
    });

    it('without positions, or with closePositions false, stops as before; bad input is a 400, someone else’s copy a 404', async () => {
      const tr = await trader();
      const f = await follower();
      const other = await follower();
      const copy = await follow(f, tr.traderId, '100.00');
      await openAt(spec.t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 50 }).expect(201);
      for (const body of [{ closePositions: 'yes' }, { closePositions: 1 }, { closeAll: true }]) await stop(f, copy.id, body).expect(400);
      await stop(other, copy.id, { closePositions: true }).expect(404);
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ status: 'active', openPositions: 1 });
      expect((await stop(f, copy.id, { closePositions: false }).expect(200)).body).toMatchObject({ status: 'stopping', openPositions: 1 });
      // a stopping copy can still close everything now
      expect((await stop(f, copy.id, { closePositions: true }).expect(200)).body).toMatchObject({ status: 'stopped', openPositions: 0 });
      const empty = await follow(other, tr.traderId, '20.00');
      expect((await stop(other, empty.id, { closePositions: true }).expect(200)).body).toMatchObject({ status: 'stopped', equity: '0.00' });
      expect(await fx.cashOf(spec.sql, other.id)).toBe(10_000n);
    });
  });

  describe('POST trades/:positionId/close', () => {
    it('closes that one position at the market for this copier, with pnl and profit share; the copy goes on; a second close is a 409', async () => {
      const tr = await trader(20);
      const f = await follower();
      const other = await follower();
      const copy = await follow(f, tr.traderId, '100.00');
      await follow(other, tr.traderId, '100.00');
      const traderCash = await fx.cashOf(spec.sql, tr.id);
      const btc = await openAt(spec.t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 50 }).expect(201); // 50.00
      await openAt(spec.t, tr.bearer, '10', { symbol: 'ETHUSDT', allocationPct: 50 }).expect(201); // 25.00
      await setQuote(spec.t, 'BTCUSDT', '120', '120.5'); // a buy closes at the bid: +10.00
      const mine = (await openPositions(f)).find((p) => p.symbol === 'BTCUSDT')!;
      const theirs = (await openPositions(other)).find((p) => p.symbol === 'BTCUSDT')!;
      await closePosition(other, mine.id).expect(404);
      await closePosition(f, mine.id, { exitPrice: '130' }).expect(400);
      await closePosition(f, 'abc').expect(404);
      await closePosition(f, '999999999').expect(404);
      const res = await closePosition(f, mine.id, {}, 'close-one-1').expect(200);
      expect(res.body).toMatchObject({ id: mine.id, symbol: 'BTCUSDT', status: 'closed', closeReason: 'copier_closed', exitPrice: '120', pnl: '10.00', fee: '2.00' });
      expect((await closePosition(f, mine.id, {}, 'close-one-1').expect(200)).headers['idempotent-replayed']).toBe('true');
      expect((await closePosition(f, mine.id, {}, 'close-one-2').expect(409)).body.code).toBe('COPY.POSITION_CLOSED');
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'active', openPositions: 1, equity: '108.00', highWaterMark: '108.00' });
      expect(await fx.cashOf(spec.sql, tr.id)).toBe(traderCash + 200n);
      // the other copier's position is untouched; the trader's close settles it alone, at its own exit
      expect((await openPositions(other)).map((p) => p.id)).toContain(theirs.id);
      const closed = await closeAt(spec.t, tr.bearer, btc.body.trade.id, '130').expect(200);
      expect(closed.body).toMatchObject({ positions: 1, copiersPnl: '15.00', profitShare: '3.00' }); // the other copier's alone
      expect(await fx.cashOf(spec.sql, tr.id)).toBe(traderCash + 200n + 300n);
      // the trade's totals count this copier's close too
      expect(await spec.sql('SELECT copiers_pnl::text AS pnl, copiers_fees::text AS fees FROM trader_trades WHERE id = ?', [btc.body.trade.id])).toEqual([{ pnl: '2500', fees: '500' }]);
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ equity: '108.00', openPositions: 1 });
    });

    it('closing the last position of a stopping copy ends it and returns its equity', async () => {
      const tr = await trader(0);
      const f = await follower();
      const copy = await follow(f, tr.traderId, '100.00');
      await openAt(spec.t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 50 }).expect(201);
      await stop(f, copy.id, {}).expect(200); // stopping: the position stays
      await setQuote(spec.t, 'BTCUSDT', '90');
      const [position] = await openPositions(f);
      expect((await closePosition(f, position.id).expect(200)).body).toMatchObject({ closeReason: 'copier_closed', pnl: '-5.00' });
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'stopped', equity: '0.00', openPositions: 0 });
      expect(await fx.cashOf(spec.sql, f.id)).toBe(9_500n);
    });
  });
});
