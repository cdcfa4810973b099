import { PriceWatcher } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt } from './support/market';
import { useCopyTradingApp } from './support/copy-trading-spec';
import { createUser, type TestUser } from './support/users';

/**
 * GET traders/:id/simulate (product.md §12.2) against real PostgreSQL: a real copier who followed at `from` and the
 * simulation from `from` with the same amount and guards end at the same equity to the cent, with the same fees.
 */
describe('copy simulation', () => {
  const spec = useCopyTradingApp();
  const { trader } = spec;
  const follower = (cash = 1_000_000) => spec.follower(cash);
  const follow = async (who: TestUser, traderId: number, amount: string, stopLossPct?: number) =>
    (await spec.t.http().post('/api/copies').set('Authorization', who.bearer).send({ traderId, amount, stopLossPct }).expect(201)).body as { id: string; createdAt: string };
  const myCopy = async (who: TestUser) => (await spec.t.http().get('/api/copies').set('Authorization', who.bearer).expect(200)).body[0];
  const simulate = (traderId: number | string, query: Record<string, string | number>) => spec.t.http().get(`/api/traders/${traderId}/simulate`).query(query);
  const open = async (tr: TestUser, price: string, body: Record<string, unknown>) => (await openAt(spec.t, tr.bearer, price, body).expect(201)).body.trade.id as string;
  const close = (tr: TestUser, id: string, price: string) => closeAt(spec.t, tr.bearer, id, price).expect(200);

  it('a real copier and the simulation from the follow end at the same equity to the cent, with the same fees', async () => {
    const tr = await trader(20);
    const before = await open(tr, '100', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 30 }); // not copied: opened before the follow
    const f = await follower();
    const copy = await follow(f, tr.traderId, '1234.56');
    // overlapping trades, buys and sells, wins and losses: sizes on free equity, pnl toward zero, profit share above the mark
    const a = await open(tr, '100', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 37 });
    const b = await open(tr, '3.33', { symbol: 'ETHUSDT', side: 'sell', allocationPct: 23 });
    await close(tr, before, '104.7');
    await close(tr, a, '107.13'); // a gain above the mark: profit share
    const c = await open(tr, '107.5', { symbol: 'BTCUSDT', side: 'sell', allocationPct: 61 });
    await close(tr, b, '3.61'); // a sell that lost
    await close(tr, c, '99.99'); // a sell that won back: profit share only above the mark
    const d = await open(tr, '2.2', { symbol: 'SOLUSDT', side: 'buy', allocationPct: 100 });
    await close(tr, d, '2.03');
    const e = await open(tr, '101', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 45 });
    await close(tr, e, '111.11');
    const real = await myCopy(f);
    expect(real).toMatchObject({ id: copy.id, openPositions: 0 });
    const res = await simulate(tr.traderId, { amount: '1234.56', from: copy.createdAt }).expect(200);
    expect(res.body).toMatchObject({ finalEquity: real.equity, feesPaid: real.feesPaid, trades: 5, stoppedAt: null, stopReason: null });
    expect(Number(real.feesPaid)).toBeGreaterThan(0);
    expect(res.body.points.at(-1)).toEqual({ t: expect.any(String), equity: real.equity });
    expect(res.body.maxDrawdownPct).toBeGreaterThan(0);
  });

  it('with a stop loss tripped at a settlement: the copy ends at the same equity and the simulation says when and why', async () => {
    const tr = await trader(10);
    const f = await follower();
    const copy = await follow(f, tr.traderId, '500.00', 90);
    const cashAfterFollow = await fx.cashOf(spec.sql, f.id);
    // The settlement trips the stop loss (the watcher, which the simulation does not replay, is held off).
    const watcher = spec.t.app.get(PriceWatcher);
    watcher.pause();
    try {
      const a = await open(tr, '50', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 40 });
      const b = await open(tr, '20', { symbol: 'ETHUSDT', side: 'buy', allocationPct: 50 });
      await close(tr, a, '40.5'); // −19 % of 200.00: equity 462.00 > 450.00
      await close(tr, b, '16.1'); // −19.5 % of 150.00: equity 432.75 ≤ 450.00 → stops and ends (nothing open)
      const c = await open(tr, '40', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 50 }); // not taken: the copy ended
      await close(tr, c, '60');
    } finally {
      watcher.resume();
    }
    const real = await myCopy(f);
    expect(real).toMatchObject({ id: copy.id, status: 'stopped', stopReason: 'stop_loss' });
    const returned = (await fx.cashOf(spec.sql, f.id)) - cashAfterFollow;
    const res = await simulate(tr.traderId, { amount: '500.00', stopLossPct: 90, from: copy.createdAt }).expect(200);
    expect(res.body).toMatchObject({ finalEquity: (Number(returned) / 100).toFixed(2), stopReason: 'stop_loss', trades: 2, feesPaid: '0.00' });
    expect(res.body.finalEquity).toBe('432.75');
    expect(Date.parse(res.body.stoppedAt)).toBeGreaterThan(Date.parse(copy.createdAt));
  });

  it('refuses bad input with a 400 and a trader who is not listed with a 404', async () => {
    const tr = await trader();
    const yearAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const bad: Array<Record<string, string | number>> = [
      { amount: '9.99' },
      { amount: 'abc' },
      { amount: '100.00', from: yearAgo },
      { amount: '100.00', from: tomorrow },
      { amount: '100.00', from: 'yesterday' },
      { amount: '100.00', stopLossPct: 4 },
      { amount: '100.00', takeProfitPct: 0 },
      { amount: '100.00', takeProfitPct: 1001 },
      { amount: '100.00', extra: 1 },
    ];
    for (const query of bad) {
      const res = await simulate(tr.traderId, query).expect(400);
      expect(typeof res.body.message).toBe('string');
    }
    await simulate(999_999, { amount: '100.00' }).expect(404);
    await simulate('abc', { amount: '100.00' }).expect(400);
    const unlisted = await createUser(spec.t, { roles: ['User', 'Trader'], kyc: 'Pending' });
    const unlistedId = await fx.insertTraderProfile(spec.sql, unlisted.id, 10);
    await simulate(unlistedId, { amount: '100.00' }).expect(404);
    // a trader with no trades yet: the amount, flat
    const fresh = await simulate(tr.traderId, { amount: '100.00', takeProfitPct: 20, stopLossPct: 50 }).expect(200);
    expect(fresh.body).toMatchObject({ finalEquity: '100.00', feesPaid: '0.00', maxDrawdownPct: 0, trades: 0, stoppedAt: null, stopReason: null });
    expect(fresh.body.points.length).toBeGreaterThanOrEqual(90);
  });
});
