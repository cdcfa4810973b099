import { UserInfoExtras } from '@mirrorline/auth';
import { copyTradingFixtures as fx, PriceWatcher } from '@mirrorline/copy-trading';
import { TestMarketFeed } from '@mirrorline/market';
import { closeAt, openAt, setQuote } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import type { Server } from 'node:http';
import { baseUrl, openSse } from './support/sse';

describe('copy trading (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());

  async function trader(share = 20, maxCopiers = 100000): Promise<TestUser & { traderId: number }> {
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    return { ...user, traderId: await fx.insertTraderProfile(sql, user.id, share, maxCopiers) };
  }
  async function follower(cash = 100_000): Promise<TestUser> {
    const user = await createUser(t, { kyc: 'Verified' });
    if (cash) await fx.fundCash(sql, user.id, cash);
    return user;
  }
  const follow = (who: TestUser, body: Record<string, unknown>) => t.http().post('/api/copies').set('Authorization', who.bearer).send(body);
  // Market orders: the spec names the price by setting the test feed's quote (bid = ask) before the order.
  const open = (who: TestUser, body: Record<string, unknown> = {}, query = '') => {
    const { entryPrice = '100', ...rest } = body;
    return openAt(t, who.bearer, entryPrice as string, rest, query);
  };
  const close = (who: TestUser, tradeId: string, exitPrice: string) => closeAt(t, who.bearer, tradeId, exitPrice);
  const myCopy = async (who: TestUser, copyId: string) =>
    (await t.http().get('/api/copies').set('Authorization', who.bearer).expect(200)).body.find((c: { id: string }) => c.id === copyId);
  const skipsOf = (tradeId: string) => sql<{ copy_id: string; reason: string }>('SELECT copy_id, reason FROM copy_skips WHERE trade_id = ?', [tradeId]);

  afterEach(async () => {
    const check = await fx.ledgerCheck(sql);
    expect(check).toEqual({ total: 0n, unbalanced: 0, mismatches: 0 });
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

  describe('follow rules', () => {
    let tr: TestUser & { traderId: number };
    beforeAll(async () => {
      tr = await trader(10, 2);
    });

    it('needs KYC Verified (403 KYC_REQUIRED) and a verified email', async () => {
      const pending = await createUser(t, { kyc: 'Pending' });
      await fx.fundCash(sql, pending.id, 10_000);
      const res = await follow(pending, { traderId: tr.traderId, amount: '50.00' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('KYC_REQUIRED');
      const unverified = await createUser(t, { kyc: 'Verified', verified: false });
      expect((await follow(unverified, { traderId: tr.traderId, amount: '50.00' })).status).toBe(403);
    });

    it('refuses copying yourself, a missing trader, small amounts and unknown fields', async () => {
      await fx.fundCash(sql, tr.id, 10_000);
      const self = await follow(tr, { traderId: tr.traderId, amount: '50.00' });
      expect(self.status).toBe(409);
      expect(self.body.code).toBe('COPY.SELF');
      const f = await follower();
      expect((await follow(f, { traderId: 999999, amount: '50.00' })).status).toBe(404);
      const small = await follow(f, { traderId: tr.traderId, amount: '9.99' });
      expect(small.status).toBe(400);
      expect(small.body.code).toBe('COPY.AMOUNT_TOO_SMALL');
      expect((await follow(f, { traderId: tr.traderId, amount: '50' , extra: 1 })).status).toBe(400);
      expect((await follow(f, { traderId: tr.traderId, amount: 50 })).status).toBe(400);
      expect((await follow(f, { traderId: tr.traderId, amount: '50.00', stopLossPct: 99 })).status).toBe(400);
    });

    it('refuses a follow the cash cannot pay, leaving no copy behind', async () => {
      const f = await follower(1_000);
      const res = await follow(f, { traderId: tr.traderId, amount: '10.01' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('WALLET.INSUFFICIENT_FUNDS');
      expect(await sql('SELECT 1 FROM copies WHERE follower_id = ?', [f.id])).toHaveLength(0);
    });

    it('refuses the same trader twice and beyond maxCopiers', async () => {
      const a = await follower();
      expect((await follow(a, { traderId: tr.traderId, amount: '10.00' })).status).toBe(201);
      const twice = await follow(a, { traderId: tr.traderId, amount: '10.00' });
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('COPY.ALREADY_COPYING');
      const b = await follower();
      expect((await follow(b, { traderId: tr.traderId, amount: '10.00' })).status).toBe(201);
      const c = await follower();
      const full = await follow(c, { traderId: tr.traderId, amount: '10.00' });
      expect(full.status).toBe(409);
      expect(full.body.code).toBe('COPY.TRADER_FULL');
    });

    it('replays a follow with the same Idempotency-Key instead of following twice', async () => {
      const other = await trader();
      const f = await follower();
      const first = await follow(f, { traderId: other.traderId, amount: '20.00' }).set('Idempotency-Key', 'follow-once');
      const second = await follow(f, { traderId: other.traderId, amount: '20.00' }).set('Idempotency-Key', 'follow-once');
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body.id).toBe(first.body.id);
      expect(await fx.cashOf(sql, f.id)).toBe(98_000n);
    });
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
      expect(await sql("SELECT 1 FROM ledger_transactions WHERE type = 'copy_return' AND reference = ?", [`copy:${copy.id}`])).toHaveLength(1);
      expect(await fx.cashOf(sql, f.id)).toBe(10_000n);
      const other = await stop('stop-twice');
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('COPY.ENDED');
    });
  });

  describe('authorization and trade management', () => {
    it('a User cannot open trades (403 FORBIDDEN); a trader cannot close another trader’s trade', async () => {
      const user = await follower();
      const res = await open(user);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect((await t.http().get('/api/trader/followers').set('Authorization', user.bearer)).status).toBe(403);
      expect((await t.http().post('/api/trader/trades').send({})).status).toBe(401);

      const a = await trader();
      const b = await trader();
      const opened = await open(a);
      const foreign = await close(b, opened.body.trade.id, '101');
      expect(foreign.status).toBe(404);
      expect((await sql<{ status: string }>('SELECT status FROM trader_trades WHERE id = ?', [opened.body.trade.id]))[0].status).toBe('open');
      expect((await open(b, {}, `?traderId=${a.traderId}`)).status).toBe(403);
      expect((await close(a, '999999', '101')).status).toBe(404);
      expect((await close(a, 'abc', '101')).status).toBe(404);
    });

    it('validates trade input with clear 400s', async () => {
      const tr = await trader();
      await setQuote(t, 'BTCUSDT', '100');
      const post = (body: Record<string, unknown>) => t.http().post('/api/trader/trades').set('Authorization', tr.bearer).send(body);
      const valid = { symbol: 'BTCUSDT', side: 'buy', allocationPct: 50 };
      for (const bad of [
        { allocationPct: 0 }, { allocationPct: 101 }, { side: 'long' }, { symbol: 'eur usd' }, { symbol: undefined },
        // Nobody types a price (product.md §9.3): the old fields are unknown fields now.
        { entryPrice: '100' }, { market: 'Crypto' }, { pair: 'BTCUSDT' },
        { stopLoss: '-1' }, { stopLoss: 'abc' }, { stopLoss: 95 }, { takeProfit: '1e3' }, { takeProfit: '0' },
      ]) {
        const res = await post({ ...valid, ...bad });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      const unknown = await post({ ...valid, symbol: 'DOGEUSD' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('MARKET.UNKNOWN_SYMBOL');
      for (const wrongSide of [{ stopLoss: '100' }, { stopLoss: '101' }, { takeProfit: '99' }, { side: 'sell', stopLoss: '99' }, { side: 'sell', takeProfit: '100.5' }]) {
        const res = await post({ ...valid, ...wrongSide });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('TRADE.INVALID_LEVEL');
      }
      expect(await sql('SELECT 1 FROM trader_trades WHERE trader_id = ?', [tr.traderId])).toHaveLength(0);
      const opened = await open(tr);
      const priced = await t.http().post(`/api/trader/trades/${opened.body.trade.id}/close`).set('Authorization', tr.bearer).send({ exitPrice: '1000' });
      expect(priced.status).toBe(400);
      expect(priced.body.message).toContain('exitPrice');
      expect((await close(tr, opened.body.trade.id, '100')).status).toBe(200);
    });

    it('an Admin acts for a trader with ?traderId=; the trader sees trades and followers', async () => {
      const admin = await createUser(t, { roles: ['User', 'Admin'] });
      const tr = await trader();
      const f = await follower();
      await follow(f, { traderId: tr.traderId, amount: '80.00' });
      expect((await open(admin)).status).toBe(400);
      const opened = await open(admin, { allocationPct: 25 }, `?traderId=${tr.traderId}`);
      expect(opened.status).toBe(201);
      expect(opened.body.trade.traderId).toBe(tr.traderId);
      const trades = await t.http().get('/api/trader/trades').set('Authorization', tr.bearer).expect(200);
      expect(trades.body).toMatchObject({
        total: 1,
        items: [{ id: opened.body.trade.id, status: 'open', copiedCount: 1, entryPrice: '100', symbol: 'BTCUSDT', pair: 'BTCUSDT', market: 'Crypto', markPrice: '100', unrealizedPnlPct: '0.0000' }],
      });
      const followers = await t.http().get(`/api/trader/followers?traderId=${tr.traderId}`).set('Authorization', admin.bearer).expect(200);
      expect(followers.body.items[0]).toMatchObject({ userId: f.id, username: f.username, invested: '80.00', equity: '80.00', status: 'active' });
      expect(followers.body.items[0].since).toEqual(expect.any(String));
    });

    it('a Trader without a profile gets one on first use; PATCH traders/me edits it within bounds', async () => {
      const user = await createUser(t, { roles: ['User', 'Trader'] });
      const trades = await t.http().get('/api/trader/trades').set('Authorization', user.bearer);
      expect(trades.status).toBe(200);
      const patched = await t
        .http()
        .patch('/api/traders/me')
        .set('Authorization', user.bearer)
        .send({ name: 'Ada Lovelace', share: 35, traderType: 'SMC Trader', strategySummary: 'Order blocks.' });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ name: 'Ada Lovelace', share: 35, traderType: 'SMC Trader' });
      expect((await t.http().patch('/api/traders/me').set('Authorization', user.bearer).send({ share: 51 })).status).toBe(400);
      expect((await t.http().patch('/api/traders/me').set('Authorization', user.bearer).send({ image: 'javascript:alert(1)' })).status).toBe(400);
      const plain = await follower();
      expect((await t.http().patch('/api/traders/me').set('Authorization', plain.bearer).send({ share: 10 })).status).toBe(403);
    });
  });

  it('PATCH traders/me refuses null for every NOT NULL field (400, nothing changed); image: null clears it', async () => {
    const user = await createUser(t, { roles: ['User', 'Trader'] });
    const patch = (body: Record<string, unknown>) => t.http().patch('/api/traders/me').set('Authorization', user.bearer).send(body);
    const before = (await patch({ name: 'Grace Hopper', image: '/images/grace.jpg', share: 15, maxCopiers: 50 }).expect(200)).body;
    const row = () => sql('SELECT name, description, trader_type, strategy_summary, strategy_explanation, image, share_pct, max_copiers FROM trader_profiles WHERE id = ?', [before.id]);
    const stored = await row();
    for (const field of ['name', 'description', 'traderType', 'strategySummary', 'strategyExplanation', 'share', 'maxCopiers']) {
      const res = await patch({ [field]: null });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toContain(`${field} cannot be null`);
      // One bad field refuses the whole patch.
      expect((await patch({ name: 'Changed Name', [field]: null })).status).toBe(400);
      expect(await row()).toEqual(stored);
    }
    const cleared = await patch({ image: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ image: null, name: 'Grace Hopper', share: 15, maxCopiers: 50 });
  });

  describe('copyOpenTrades: also copy the trader\'s open trades at today\'s price', () => {
    it('opens a position in each open trade at the current fill, sized as a new trade, with the trader\'s fill on the receipt; settles from the copier\'s fill', async () => {
      const tr = await trader(20);
      const early = await follower();
      const earlyCopy = (await follow(early, { traderId: tr.traderId, amount: '500.00' }).expect(201)).body;
      // Two open trades, opened at 100 (buy 40 %) and 2000 (sell 50 %), and one closed one (never taken over).
      const btc = (await open(tr, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 40, entryPrice: '100' }).expect(201)).body.trade;
      const eth = (await open(tr, { symbol: 'ETHUSDT', side: 'sell', allocationPct: 50, entryPrice: '2000' }).expect(201)).body.trade;
      const done = (await open(tr, { symbol: 'SOLUSDT', entryPrice: '10' }).expect(201)).body.trade;
      await close(tr, done.id, '11').expect(200);

      // Today's prices: BTC bid 109 / ask 110, ETH bid 1900 / ask 1901.
      await setQuote(t, 'BTCUSDT', '109', '110');
      await setQuote(t, 'ETHUSDT', '1900', '1901');
      const late = await follower();
      const stream = await openSse(`${baseUrl(t.app.getHttpServer() as Server)}/api/events/stream`, { Authorization: late.bearer });
      expect(stream.status).toBe(200);
      const res = await follow(late, { traderId: tr.traderId, amount: '1000.00', copyOpenTrades: true }).expect(201);
      // position_opened to the copier, with its own receipt (other tabs and screens update live)
      const event = await stream.next((e) => e.event === 'position_opened');
      expect(JSON.parse(event.data)).toMatchObject({
        type: 'position_opened',
        data: { tradeId: btc.id, traderId: tr.traderId, symbol: 'BTCUSDT', side: 'buy', entryPrice: '110', receipt: { traderFill: '100', copierFill: '110', slippageBps: '1000.00' } },
      });
      stream.close();
      // Oldest trade first: BTC 40 % of 1000.00 = 400.00 at the ask, then ETH 50 % of the 600.00 left = 300.00 at the bid.
      expect(res.body).toMatchObject({ invested: '1000.00', equity: '1000.00', freeEquity: '300.00', openPositions: 2 });
      expect(res.body.openTrades).toEqual({
        copied: [
          { tradeId: btc.id, symbol: 'BTCUSDT', side: 'buy', size: '400.00', traderFill: '100', copierFill: '110' },
          { tradeId: eth.id, symbol: 'ETHUSDT', side: 'sell', size: '300.00', traderFill: '2000', copierFill: '1900' },
        ],
        skipped: [],
      });
      const positions = (await t.http().get('/api/trades?status=open').set('Authorization', late.bearer).expect(200)).body.items;
      const bySymbol = Object.fromEntries(positions.map((p: { symbol: string }) => [p.symbol, p]));
      // The receipt: the trader's original fill beside the copier's, the delay since the trader's quote, slippage
      // worse for the copier positive (a buy 10 % higher = 1000 bps, a sell 5 % lower = 500 bps).
      expect(bySymbol.BTCUSDT).toMatchObject({ size: '400.00', entryPrice: '110', markPrice: '109', receipt: { traderFill: '100', copierFill: '110', slippageBps: '1000.00' } });
      expect(bySymbol.ETHUSDT).toMatchObject({ size: '300.00', entryPrice: '1900', markPrice: '1901', receipt: { traderFill: '2000', copierFill: '1900', slippageBps: '500.00' } });
      expect(bySymbol.BTCUSDT.receipt.delayMs).toBeGreaterThanOrEqual(0);
      expect(bySymbol.BTCUSDT.unrealizedPnl).toBe('-3.63'); // 40000 × (109 − 110) / 110 = −363.6 → −363
      const counts = await sql<{ id: string; copied_count: number }>('SELECT id::text AS id, copied_count FROM trader_trades WHERE id IN (?, ?, ?) ORDER BY id', [btc.id, eth.id, done.id]);
      expect(counts.map((c) => Number(c.copied_count))).toEqual([2, 2, 1]);
      // The early copier's positions are untouched.
      expect((await myCopy(early, earlyCopy.id)).openPositions).toBe(2);

      // The trader closes BTC at 121: the late copier's pnl from its own fill 110 (+10 %), the early one's from 100 (+21 %).
      const url = `${baseUrl(t.app.getHttpServer() as Server)}/api/events/stream`;
      const [earlyStream, lateStream] = [await openSse(url, { Authorization: early.bearer }), await openSse(url, { Authorization: late.bearer })];
      const closed = await close(tr, btc.id, '121').expect(200);
      // each copier's position_closed carries its own fill
      for (const [stream, fill] of [[earlyStream, '100'], [lateStream, '110']] as const) {
        const ev = JSON.parse((await stream.next((e) => e.event === 'position_closed')).data);
        expect(ev.data).toMatchObject({ tradeId: btc.id, entryPrice: fill, exitPrice: '121', closeReason: 'manual', receipt: { traderFill: '100', copierFill: fill } });
        stream.close();
      }
      expect(closed.body).toMatchObject({ positions: 2 });
      const settled = async (who: TestUser) =>
        (await t.http().get('/api/trades?status=closed').set('Authorization', who.bearer).expect(200)).body.items.find((p: { tradeId: string }) => p.tradeId === btc.id);
      expect(await settled(late)).toMatchObject({ size: '400.00', entryPrice: '110', exitPrice: '121', pnl: '40.00', fee: '8.00' }); // +10 % of 400.00, 20 % share
      expect(await settled(early)).toMatchObject({ size: '200.00', entryPrice: '100', exitPrice: '121' });
    });

    it('skips a trade without a fresh quote and one that sizes to zero; false and absent copy nothing; non-boolean is a 400', async () => {
      const tr = await trader(20);
      await open(tr, { symbol: 'XRPUSDT', side: 'buy', allocationPct: 100, entryPrice: '2' }).expect(201);
      await open(tr, { symbol: 'BNBUSDT', side: 'buy', allocationPct: 100, entryPrice: '600' }).expect(201);
      await open(tr, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10, entryPrice: '100' }).expect(201);
      // No quote for XRPUSDT any more: skipped, never filled at a stale price. BNB at 100 % takes all the equity,
      // so BTC's 10 % of nothing is zero: skipped too.
      await t.app.get(TestMarketFeed).clearQuotes();
      await setQuote(t, 'BNBUSDT', '600');
      await setQuote(t, 'BTCUSDT', '100');
      const f = await follower();
      const res = await follow(f, { traderId: tr.traderId, amount: '10.00', copyOpenTrades: true }).expect(201);
      expect(res.body.openTrades).toEqual({
        copied: [{ tradeId: expect.any(String), symbol: 'BNBUSDT', side: 'buy', size: '10.00', traderFill: '600', copierFill: '600' }],
        skipped: [
          { tradeId: expect.any(String), symbol: 'XRPUSDT', reason: 'no_quote' },
          { tradeId: expect.any(String), symbol: 'BTCUSDT', reason: 'zero_size' },
        ],
      });
      expect(res.body).toMatchObject({ freeEquity: '0.00', openPositions: 1 });

      for (const body of [{ copyOpenTrades: false }, {}]) {
        const h = await follower();
        const plain = await follow(h, { traderId: tr.traderId, amount: '50.00', ...body }).expect(201);
        expect(plain.body.openPositions).toBe(0);
        expect(plain.body.openTrades).toBeUndefined();
      }
      const bad = await follow(await follower(), { traderId: tr.traderId, amount: '50.00', copyOpenTrades: 'yes' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('copyOpenTrades');
    });
  });

  it('pages keep the real total past the last page; trades come newest first by numeric id', async () => {
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    const tr = await trader();
    const f = await follower();
    await follow(f, { traderId: tr.traderId, amount: '100.00' });
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await open(tr, { allocationPct: 1 })).body.trade.id);
    const get = async (who: TestUser, path: string) => (await t.http().get(path).set('Authorization', who.bearer).expect(200)).body;
    // Past the end: no item, the total still counts everything.
    expect(await get(tr, '/api/trader/trades?page=50&limit=5')).toEqual({ items: [], total: 11, page: 50, limit: 5 });
    expect(await get(tr, '/api/trader/trades?status=open&page=3&limit=10')).toMatchObject({ items: [], total: 11 });
    expect(await get(tr, '/api/trader/trades?status=closed&page=2')).toMatchObject({ items: [], total: 0 });
    expect(await get(f, '/api/trades?page=9&limit=10')).toMatchObject({ items: [], total: 11 });
    expect(await get(admin, `/api/trader/followers?traderId=${tr.traderId}&page=2`)).toMatchObject({ items: [], total: 1 });
    // The last, partial page and the order: 11 trades, newest (highest id) first — '9' is not after '10'.
    const last = await get(tr, '/api/trader/trades?page=3&limit=5');
    expect(last).toMatchObject({ total: 11, items: [{ id: ids[0] }] });
    const all = (await get(tr, '/api/trader/trades?limit=100')).items.map((x: { id: string }) => x.id);
    expect(all).toEqual([...ids].reverse());
    // Skips: pause, one skipped trade, then a page past the end.
    const { body: copies } = await t.http().get('/api/copies').set('Authorization', f.bearer).expect(200);
    await t.http().post(`/api/copies/${copies[0].id}/pause`).set('Authorization', f.bearer).expect(200);
    await open(tr);
    expect(await get(f, '/api/copies/skips?page=4&limit=1')).toMatchObject({ items: [], total: 1 });
    const pastEnd = await t.http().get('/api/traders?page=1000&limit=100').expect(200);
    expect(pastEnd.body.items).toEqual([]);
    expect(pastEnd.body.total).toBeGreaterThan(0);
    expect(pastEnd.body.total).toBe((await t.http().get('/api/traders?limit=100').expect(200)).body.total);
  });

  describe('blocked, deleted and demoted traders', () => {
    const states = {
      blocked: 'UPDATE users SET blocked = true WHERE id = ?',
      deleted: 'UPDATE users SET deleted_at = now() WHERE id = ?',
      demoted: "UPDATE users SET roles = '{User}' WHERE id = ?",
    };
    for (const [state, update] of Object.entries(states)) {
      it(`a ${state} trader leaves the public list and page (404), cannot be followed or fan out; its copies can still end`, async () => {
        const admin = await createUser(t, { roles: ['User', 'Admin'] });
        const tr = await trader();
        const f = await follower();
        const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '100.00' });
        const opened = await open(tr, { allocationPct: 50 });
        await t.http().get(`/api/traders/${tr.traderId}`).expect(200);
        const listed = async () => (await t.http().get('/api/traders?limit=100').expect(200)).body;
        const before = await listed();
        expect(before.items.map((x: { id: number }) => x.id)).toContain(tr.traderId);

        await sql(update, [tr.id]);
        const page = await t.http().get(`/api/traders/${tr.traderId}`);
        expect(page.status).toBe(404);
        expect(page.body.code).toBe('COPY.TRADER_NOT_FOUND');
        const after = await listed();
        expect(after.items.map((x: { id: number }) => x.id)).not.toContain(tr.traderId);
        expect(after.total).toBe(before.total - 1);
        const other = await follower();
        const refused = await follow(other, { traderId: tr.traderId, amount: '10.00' });
        expect(refused.status).toBe(404);
        expect(refused.body.code).toBe('COPY.TRADER_NOT_FOUND');
        expect(await sql('SELECT 1 FROM copies WHERE follower_id = ?', [other.id])).toHaveLength(0);
        const fanOut = await open(admin, {}, `?traderId=${tr.traderId}`);
        expect(fanOut.status).toBe(404);

        // Existing copiers are not trapped: the open trade still settles (an admin closes it) and the copy stops.
        await t.http().post(`/api/copies/${copy.id}/stop`).set('Authorization', f.bearer).expect(200);
        const closed = await close(admin, opened.body.trade.id, '100').query({ traderId: tr.traderId });
        expect(closed.status).toBe(200);
        expect(closed.body).toMatchObject({ positions: 1, endedCopies: 1 });
        expect(await fx.cashOf(sql, f.id)).toBe(100_000n);
      });
    }
  });

  it('an Admin naming a trader that does not exist gets 404 on reads as on open and close', async () => {
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    for (const path of ['/api/trader/trades?traderId=999999', '/api/trader/followers?traderId=999999']) {
      const res = await t.http().get(path).set('Authorization', admin.bearer);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('COPY.TRADER_NOT_FOUND');
    }
    expect((await open(admin, {}, '?traderId=999999')).status).toBe(404);
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

  it('provides traderID, copyID and copiedTrades for the access token', async () => {
    const tr = await trader();
    const f = await follower();
    const { body: copy } = await follow(f, { traderId: tr.traderId, amount: '10.00' });
    await open(tr);
    const extras = t.app.get(UserInfoExtras);
    expect(await extras.of(f.id)).toEqual({ traderID: null, copyID: [copy.id], copiedTrades: 1 });
    expect(await extras.of(tr.id)).toEqual({ traderID: tr.traderId, copyID: [], copiedTrades: 0 });
  });
});
