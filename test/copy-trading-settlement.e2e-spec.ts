import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { useCopyTradingApp } from './support/copy-trading-spec';
import type { TestApp } from './support/test-app';

describe('copy trading: settlement, drawdown and the daily loss limit (HTTP against real PostgreSQL)', () => {
  const spec = useCopyTradingApp();
  const { trader, follower, follow, open, close, myCopy, skipsOf } = spec;
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(() => {
    t = spec.t;
    sql = spec.sql;
  });

  it('settles the product example to the cent: follow 500.00, 50 %, +10 %, share 20 %', async () => {
    const tr = await trader(20);
    const f = await follower(100_000);
    const followed = await follow(f, { traderId: tr.traderId, amount: '500.00' });
    expect(followed.status).toBe(201);
    expect(followed.body).toMatchObject({ traderId: tr.traderId, status: 'active', invested: '500.00', equity: '500.00', freeEquity: '500.00' });
    expect(await fx.cashOf(sql, f.id)).toBe(50_000n);

    const opened = await open(tr, { symbol: 'ETHUSDT' });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ copied: 1, committed: '250.00' });
    expect((await myCopy(f, followed.body.id)).freeEquity).toBe('250.00');

    const marketBefore = await fx.platformMarket(sql);
    const closed = await close(tr, opened.body.trade.id, '110');
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ positions: 1, copiersPnl: '25.00', profitShare: '5.00' });
    expect(closed.body.trade).toMatchObject({ status: 'closed', pnlPct: '10.0000', copiersPnl: '25.00', copiersFees: '5.00' });

    expect(await myCopy(f, followed.body.id)).toMatchObject({ equity: '520.00', freeEquity: '520.00', highWaterMark: '520.00', pnl: '20.00', feesPaid: '5.00' });
    expect(await fx.copyEquityOf(sql, followed.body.id)).toBe(52_000n);
    expect(await fx.cashOf(sql, tr.id)).toBe(500n);
    expect(await fx.platformMarket(sql)).toBe(marketBefore - 2_500n);

    const trades = await t.http().get('/api/trades').set('Authorization', f.bearer).expect(200);
    expect(trades.body.items[0]).toMatchObject({ status: 'closed', size: '250.00', pnl: '25.00', fee: '5.00', pnlPct: 10, traderPnlPct: 10, divergencePct: 0 });

    // A second close is refused and settles nothing.
    const again = await close(tr, opened.body.trade.id, '200');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TRADE.ALREADY_CLOSED');
    expect(await fx.copyEquityOf(sql, followed.body.id)).toBe(52_000n);
  });

  it('rounds a loss toward zero, charges no fee under the mark and shows the divergence', async () => {
    const tr = await trader(30);
    const f = await follower();
    const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '333.33' });
    const opened = await open(tr, { side: 'sell', entryPrice: '3', allocationPct: 100 });
    expect(opened.body.committed).toBe('333.33');
    // sell, 3 → 3.01: pnl = −33333 × 0.01 / 3 = −111.11 cents → −111 (toward zero)
    const closed = await close(tr, opened.body.trade.id, '3.01');
    expect(closed.body).toMatchObject({ copiersPnl: '-1.11', profitShare: '0.00' });
    expect(closed.body.trade.pnlPct).toBe('-0.3333');
    expect(await myCopy(f, copy.id)).toMatchObject({ equity: '332.22', highWaterMark: '333.33', pnl: '-1.11' });
    const trades = await t.http().get('/api/trades?status=closed').set('Authorization', f.bearer).expect(200);
    expect(trades.body.items[0]).toMatchObject({ pnl: '-1.11', pnlPct: -0.333, traderPnlPct: -0.3333 });
    expect(trades.body.items[0].divergencePct).toBeCloseTo(0.0003, 6);
  });

  it('a withdrawal in a drawdown scales invested and mark: the next settlement does not trip the stop loss', async () => {
    const tr = await trader(20);
    const f = await follower(10_000);
    const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '100.00', stopLossPct: 60 });
    const losing = await open(tr, { allocationPct: 100 });
    await close(tr, losing.body.trade.id, '70').expect(200); // −30.00: equity 70.00 > 60 % of 100.00
    const withdrawn = await t.http().post(`/api/copies/${copy.id}/withdraw`).set('Authorization', f.bearer).send({ amount: '60.00' });
    expect(withdrawn.status).toBe(200);
    // floor(10000 × 1000 / 7000) = 1428: still 70 % of what is invested, as before the withdrawal.
    expect(withdrawn.body).toMatchObject({ status: 'active', equity: '10.00', invested: '14.28', highWaterMark: '14.28' });
    const next = await open(tr, { allocationPct: 10 }); // size 1.00
    const closed = await close(tr, next.body.trade.id, '101'); // +0.01
    expect(closed.body).toMatchObject({ copiersPnl: '0.01', profitShare: '0.00', stopLossHit: 0, endedCopies: 0 });
    expect(await myCopy(f, copy.id)).toMatchObject({ status: 'active', stopReason: null, equity: '10.01', invested: '14.28', highWaterMark: '14.28' });
  });

  it('the daily loss limit is account-wide: a loss on trader A’s trade blocks copying trader B’s next trade', async () => {
    const a = await trader();
    const b = await trader();
    const f = await follower(20_000);
    await t.http().patch('/api/copies/settings').set('Authorization', f.bearer).send({ dailyLossLimit: '10.00' }).expect(200);
    await follow(f, { traderId: a.traderId, amount: '100.00' });
    const { body: copyB } = await follow(f, { traderId: b.traderId, amount: '100.00' });
    const losing = await open(a, { allocationPct: 100 });
    expect((await close(a, losing.body.trade.id, '88')).body.copiersPnl).toBe('-12.00');
    const next = await open(b);
    expect(next.body).toMatchObject({ copied: 0, skipped: { daily_loss_limit: 1 } });
    expect(await skipsOf(next.body.trade.id)).toEqual([{ copy_id: copyB.id, reason: 'daily_loss_limit' }]);
    expect((await myCopy(f, copyB.id)).openPositions).toBe(0);
  });
});
