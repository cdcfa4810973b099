import { CLOSE_OUT_SPLIT, PriceWatcher } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { eventually } from './support/eventually';
import { closeAt, openAt, setQuote } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * Execution at the market (product.md §9.3) against real PostgreSQL and the test feed: fills at the quote,
 * fill receipts, errors, stop loss / take profit (validation, PATCH, the watcher's close), the copy stop loss
 * on live equity, and the marks of every place that shows a position, a copy, a trade or a wallet.
 */
describe('execution at the market', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });

  async function trader(share = 20): Promise<TestUser & { traderId: number }> {
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    return { ...user, traderId: await fx.insertTraderProfile(sql, user.id, share) };
  }
  async function follower(cash = 100_000): Promise<TestUser> {
    const user = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, user.id, cash);
    return user;
  }
  const follow = async (who: TestUser, traderId: number, amount: string, stopLossPct?: number) =>
    (await t.http().post('/api/copies').set('Authorization', who.bearer).send({ traderId, amount, stopLossPct }).expect(201)).body as { id: string };
  const post = (who: TestUser, body: Record<string, unknown>) => t.http().post('/api/trader/trades').set('Authorization', who.bearer).send(body);
  const get = async (who: TestUser, path: string) => (await t.http().get(path).set('Authorization', who.bearer).expect(200)).body;
  const tradeRow = async (id: string) =>
    (
      await sql<{ status: string; exit_price: string | null; close_reason: string | null }>(
        'SELECT status, trim_scale(exit_price)::text AS exit_price, close_reason FROM trader_trades WHERE id = ?',
        [id],
      )
    )[0];

  it('a buy fills at the ask and closes at the bid; every copy fills at the trader’s fill with a receipt', async () => {
    const tr = await trader(20);
    const f = await follower();
    const copy = await follow(f, tr.traderId, '500.00');
    await setQuote(t, 'ETHUSDT', '3400.10', '3400.50');
    const opened = await post(tr, { symbol: 'ETHUSDT', side: 'buy', allocationPct: 50 }).expect(201);
    expect(opened.body.trade).toMatchObject({ symbol: 'ETHUSDT', pair: 'ETHUSDT', market: 'Crypto', side: 'buy', entryPrice: '3400.5', status: 'open', closeReason: null });
    const [row] = await sql<{ quote_time: Date }>('SELECT entry_quote_time AS quote_time FROM trader_trades WHERE id = ?', [opened.body.trade.id]);
    const positions = await get(f, '/api/trades?status=open');
    expect(positions.items[0]).toMatchObject({
      copyId: copy.id,
      symbol: 'ETHUSDT',
      entryPrice: '3400.5',
      size: '250.00',
      status: 'open',
      markPrice: '3400.1', // a buy is marked at the bid
      unrealizedPnl: '-0.02', // 25000 × (3400.1 − 3400.5) / 3400.5 = −2.94 → −2 (toward zero)
      receipt: { traderFill: '3400.5', copierFill: '3400.5', quoteTime: new Date(row.quote_time).toISOString(), delayMs: 0, slippageBps: '0.00' },
    });
    await setQuote(t, 'ETHUSDT', '3740.55', '3741.00');
    const closed = await t.http().post(`/api/trader/trades/${opened.body.trade.id}/close`).set('Authorization', tr.bearer).send({}).expect(200);
    expect(closed.body.trade).toMatchObject({ exitPrice: '3740.55', closeReason: 'manual', status: 'closed' });
    // The copier's pnl recomputes to the cent from the returned entry and exit: 25000 × 340.05 / 3400.5 = 2500.
    expect(closed.body).toMatchObject({ copiersPnl: '25.00', profitShare: '5.00' });
    const [done] = (await get(f, '/api/trades?status=closed')).items;
    expect(done).toMatchObject({ entryPrice: '3400.5', exitPrice: '3740.55', pnl: '25.00', closeReason: 'manual', markPrice: null, unrealizedPnl: null });
  });

  it('a sell fills at the bid and closes at the ask', async () => {
    const tr = await trader(0);
    const f = await follower();
    await follow(f, tr.traderId, '300.00');
    await setQuote(t, 'SOLUSDT', '150.000', '150.030');
    const opened = await post(tr, { symbol: 'SOLUSDT', side: 'sell', allocationPct: 100 }).expect(201);
    expect(opened.body.trade.entryPrice).toBe('150');
    await setQuote(t, 'SOLUSDT', '134.970', '135.000');
    const closed = await t.http().post(`/api/trader/trades/${opened.body.trade.id}/close`).set('Authorization', tr.bearer).send({}).expect(200);
    expect(closed.body.trade.exitPrice).toBe('135');
    expect(closed.body).toMatchObject({ copiersPnl: '30.00' }); // sell −10 % on 300.00
  });

  it('refuses what cannot fill: unknown symbol 400, no quote 503, a typed price 400; nothing is written', async () => {
    const tr = await trader();
    const unknown = await post(tr, { symbol: 'NOPE', side: 'buy', allocationPct: 10 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('MARKET.UNKNOWN_SYMBOL');
    const noQuote = await post(tr, { symbol: 'XRPUSDT', side: 'buy', allocationPct: 10 }); // never quoted in this spec
    expect(noQuote.status).toBe(503);
    expect(noQuote.body.code).toBe('MARKET.NO_QUOTE');
    const typed = await post(tr, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10, entryPrice: '1.00' });
    expect(typed.status).toBe(400);
    expect(typed.body.message).toContain('entryPrice');
    expect(await sql('SELECT 1 FROM trader_trades WHERE trader_id = ?', [tr.traderId])).toHaveLength(0);
  });

  it('a trader without KYC Verified cannot open trades (403 KYC_REQUIRED), nor can an admin for it; nothing is written', async () => {
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    await setQuote(t, 'BTCUSDT', '50000', '50010');
    for (const kyc of ['Unverified', 'Pending'] as const) {
      const user = await createUser(t, { roles: ['User', 'Trader'], kyc });
      const traderId = await fx.insertTraderProfile(sql, user.id);
      const own = await post(user, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 });
      expect(own.status).toBe(403);
      expect(own.body).toMatchObject({ statusCode: 403, code: 'KYC_REQUIRED', message: expect.stringMatching(/identity verification/) });
      const forIt = await t.http().post(`/api/trader/trades?traderId=${traderId}`).set('Authorization', admin.bearer).send({ symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 });
      expect(forIt.status).toBe(403);
      expect(forIt.body.code).toBe('KYC_REQUIRED');
      expect(await sql('SELECT 1 FROM trader_trades WHERE trader_id = ?', [traderId])).toHaveLength(0);
      // Verified: the same order fills.
      await sql("UPDATE users SET kyc_status = 'Verified' WHERE id = ?", [user.id]);
      expect((await post(user, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 }).expect(201)).body.trade.entryPrice).toBe('50010');
    }
  });

  describe('stop loss / take profit', () => {
    it('PATCH moves and clears the levels, checked against side and price; a closed trade is a 409', async () => {
      const tr = await trader();
      const opened = await openAt(t, tr.bearer, '100', { symbol: 'BNBUSDT', stopLoss: '90', takeProfit: '120' }).expect(201);
      const id = opened.body.trade.id as string;
      expect(opened.body.trade).toMatchObject({ stopLoss: '90', takeProfit: '120' });
      const patch = (body: Record<string, unknown>) => t.http().patch(`/api/trader/trades/${id}`).set('Authorization', tr.bearer).send(body);
      expect((await patch({ stopLoss: '95.5' }).expect(200)).body).toMatchObject({ stopLoss: '95.5', takeProfit: '120' });
      expect((await patch({ takeProfit: null }).expect(200)).body).toMatchObject({ stopLoss: '95.5', takeProfit: null });
      for (const bad of [{ stopLoss: 'abc' }, { stopLoss: '-5' }, { stopLoss: 0 }, { takeProfit: '1e2' }, { exitPrice: '1' }]) {
        const res = await patch(bad);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      for (const wrong of [{ stopLoss: '100' }, { stopLoss: '105' }, { takeProfit: '99' }]) {
        const res = await patch(wrong);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('TRADE.INVALID_LEVEL');
      }
      expect((await patch({ stopLoss: null, takeProfit: null }).expect(200)).body).toMatchObject({ stopLoss: null, takeProfit: null });
      await closeAt(t, tr.bearer, id, '101').expect(200);
      const closed = await patch({ stopLoss: '90' });
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe('TRADE.ALREADY_CLOSED');
      const other = await trader();
      expect((await t.http().patch(`/api/trader/trades/${id}`).set('Authorization', other.bearer).send({ stopLoss: '90' })).status).toBe(404);
    });

    it('the watcher closes a buy at the quote that crosses its stop loss (a gap fills at the quote), reason stop_loss', async () => {
      const tr = await trader(20);
      const f = await follower();
      await follow(f, tr.traderId, '200.00');
      const opened = await openAt(t, tr.bearer, '100', { symbol: 'BNBUSDT', allocationPct: 50, stopLoss: '95', takeProfit: '110' }).expect(201);
      const id = opened.body.trade.id as string;
      await setQuote(t, 'BNBUSDT', '95.01', '95.2');
      expect((await tradeRow(id)).status).toBe('open');
      await setQuote(t, 'BNBUSDT', '93', '93.5'); // gaps through 95
      expect(await tradeRow(id)).toEqual({ status: 'closed', exit_price: '93', close_reason: 'stop_loss' });
      const [position] = (await get(f, '/api/trades?status=closed')).items;
      expect(position).toMatchObject({ exitPrice: '93', closeReason: 'stop_loss', pnl: '-7.00' }); // 100.00 × −7 %
      expect((await get(tr, '/api/trader/trades?status=closed')).items[0]).toMatchObject({ id, closeReason: 'stop_loss', pnlPct: '-7.0000' });
    });

    it('the watcher closes a sell at its take profit on the ask; statistics count it', async () => {
      const tr = await trader(0);
      const opened = await openAt(t, tr.bearer, '200', { symbol: 'BNBUSDT', side: 'sell', allocationPct: 20, takeProfit: '180' }).expect(201);
      const id = opened.body.trade.id as string;
      await setQuote(t, 'BNBUSDT', '179', '180.5'); // the bid does not count for a sell
      expect((await tradeRow(id)).status).toBe('open');
      await setQuote(t, 'BNBUSDT', '179.5', '180');
      expect(await tradeRow(id)).toEqual({ status: 'closed', exit_price: '180', close_reason: 'take_profit' });
      const profile = (await t.http().get(`/api/traders/${tr.traderId}`).expect(200)).body;
      expect(profile).toMatchObject({ closedTrades: 1, tradingAccuracy: 100, roi30d: 2 }); // +10 % × 20 %
    });
  });

  describe('copy stop loss on live equity', () => {
    it('closes out that copy alone at the quote, stops it, returns its equity, notifies; the others keep their positions', async () => {
      const tr = await trader(20);
      const guarded = await follower(10_000);
      const relaxed = await follower(10_000);
      const g = await follow(guarded, tr.traderId, '100.00', 70);
      const r = await follow(relaxed, tr.traderId, '100.00', 20);
      const marketBefore = await fx.platformMarket(sql);
      const first = await openAt(t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 50 }).expect(201); // 50.00 each
      const second = await openAt(t, tr.bearer, '10', { symbol: 'ETHUSDT', allocationPct: 100 }).expect(201); // 50.00 each
      await setQuote(t, 'BTCUSDT', '80'); // −10.00 each: live equity 90.00
      expect((await get(guarded, '/api/copies'))[0]).toMatchObject({ status: 'active', equity: '100.00', unrealizedPnl: '-10.00', liveEquity: '90.00' });
      await setQuote(t, 'ETHUSDT', '6.4'); // −18.00 more: live equity 72.00 > 70.00
      expect((await get(guarded, '/api/copies'))[0]).toMatchObject({ status: 'active', liveEquity: '72.00' });
      await setQuote(t, 'ETHUSDT', '6'); // −20.00: live equity 70.00 ≤ 70 % of 100.00 → closed out
      const [copy] = await get(guarded, '/api/copies');
      expect(copy).toMatchObject({ id: g.id, status: 'stopped', stopReason: 'stop_loss', equity: '0.00', openPositions: 0, pnl: '-30.00' });
      expect(await fx.cashOf(sql, guarded.id)).toBe(10_000n - 10_000n + 7_000n);
      const closedOut = (await get(guarded, '/api/trades?status=closed')).items;
      expect(closedOut).toHaveLength(2);
      expect(closedOut.map((p: { closeReason: string; exitPrice: string; pnl: string }) => [p.closeReason, p.exitPrice, p.pnl]).sort()).toEqual([
        ['copy_stop_loss', '6', '-20.00'],
        ['copy_stop_loss', '80', '-10.00'],
      ]);
      await t.delivered(); // the close-out's notices go through the outbox (copy_guard_notices)
      expect(await sql("SELECT 1 FROM notifications WHERE user_id = ? AND type = 'guard_hit'", [guarded.id])).toHaveLength(1);
      // The other copy still holds both positions; the trades stay open.
      expect((await get(relaxed, '/api/copies'))[0]).toMatchObject({ id: r.id, status: 'active', openPositions: 2, liveEquity: '70.00' });
      expect((await tradeRow(first.body.trade.id)).status).toBe('open');
      // The trader's close later settles only what is left: the relaxed copy's positions.
      const c1 = await closeAt(t, tr.bearer, first.body.trade.id, '80').expect(200);
      expect(c1.body).toMatchObject({ positions: 1, copiersPnl: '-10.00' });
      expect(c1.body.trade).toMatchObject({ copiersPnl: '-20.00' }); // both copies' pnl on this trade
      const c2 = await closeAt(t, tr.bearer, second.body.trade.id, '6').expect(200);
      expect(c2.body).toMatchObject({ positions: 1, copiersPnl: '-20.00' });
      expect(await fx.copyEquityOf(sql, r.id)).toBe(7_000n);
      expect(await fx.platformMarket(sql)).toBe(marketBefore + 6_000n);
      await t.delivered();
      // The closed-out follower hears of the trade closes no second time.
      expect(await sql("SELECT 1 FROM notifications WHERE user_id = ? AND type = 'copy_closed'", [guarded.id])).toHaveLength(0);
      expect(await sql("SELECT 1 FROM notifications WHERE user_id = ? AND type = 'copy_closed'", [relaxed.id])).toHaveLength(2);
    });

    it('a copy one cent above its stop loss is left alone (the cheap pre-filter lets it through, the exact re-check keeps it); at it, it closes out', async () => {
      const tr = await trader();
      const f = await follower(10_000);
      const copy = await follow(f, tr.traderId, '100.00', 70);
      await openAt(t, tr.bearer, '100', { symbol: 'SOLUSDT', allocationPct: 100 }).expect(201); // 100.00
      const watcher = t.app.get(PriceWatcher);
      await setQuote(t, 'SOLUSDT', '70.01'); // −29.99: live equity 70.01 > 70 % of 100.00
      expect(await watcher.cycle([{ symbol: 'SOLUSDT', bid: '70.01', ask: '70.01', time: new Date() }])).toMatchObject({ closedOutCopies: 0 });
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'active', liveEquity: '70.01' });
      expect(await sql("SELECT 1 FROM notifications WHERE user_id = ? AND type = 'guard_hit'", [f.id])).toHaveLength(0);
      await setQuote(t, 'SOLUSDT', '70'); // −30.00: live equity 70.00 → closed out
      await eventually(async () => (await get(f, '/api/copies'))[0].status === 'stopped', { what: 'the copy stopped' });
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'stopped', stopReason: 'stop_loss', pnl: '-30.00' });
    });

    it('trips on the quoted instruments alone: those positions close out, one without a quote stays open and the copy is stopping until its trade closes', async () => {
      const tr = await trader();
      const f = await follower(10_000);
      const copy = await follow(f, tr.traderId, '100.00', 70);
      const btc = await openAt(t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 50 }).expect(201); // 50.00
      await openAt(t, tr.bearer, '10', { symbol: 'ETHUSDT', allocationPct: 100 }).expect(201); // 50.00
      const watcher = t.app.get(PriceWatcher);
      watcher.pause();
      try {
        // Only ETHUSDT has a quote in this cycle: −35.00 on it alone takes the live equity to 65.00 ≤ 70.00.
        expect(await watcher.cycle([{ symbol: 'ETHUSDT', bid: '3', ask: '3', time: new Date() }])).toMatchObject({ closedOutCopies: 1 });
        expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'stopping', stopReason: 'stop_loss', equity: '65.00', openPositions: 1 });
        const closed = (await get(f, '/api/trades?status=closed')).items;
        expect(closed.map((p: { closeReason: string; exitPrice: string; pnl: string }) => [p.closeReason, p.exitPrice, p.pnl])).toEqual([['copy_stop_loss', '3', '-35.00']]);
        await t.delivered(); // the close-out's notices go through the outbox (copy_guard_notices)
        expect(await sql("SELECT type FROM notifications WHERE user_id = ? AND type IN ('guard_hit', 'copy_ended')", [f.id])).toEqual([{ type: 'guard_hit' }]);
        expect(await fx.cashOf(sql, f.id)).toBe(0n);
        // The trader's close settles the last position and ends the copy: its equity returns to cash.
        await closeAt(t, tr.bearer, btc.body.trade.id, '100').expect(200);
      } finally {
        watcher.resume();
      }
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'stopped', openPositions: 0, pnl: '-35.00' });
      expect(await fx.cashOf(sql, f.id)).toBe(6_500n);
    });

    it('charges profit share on what a close-out leaves above the high-water mark, to the trader’s cash', async () => {
      const tr = await trader(20);
      const f = await follower(10_000);
      const copy = await follow(f, tr.traderId, '100.00', 70);
      await openAt(t, tr.bearer, '100', { symbol: 'SOLUSDT', allocationPct: 100 }).expect(201); // 100.00
      // A high-water mark below what the copy holds (as after money taken out of a copy that had gained).
      await sql('UPDATE copies SET high_water_mark = 5000 WHERE id = ?', [copy.id]);
      const traderCash = await fx.cashOf(sql, tr.id);
      const watcher = t.app.get(PriceWatcher);
      watcher.pause();
      try {
        // −30.00: live equity 70.00 ≤ 70 % of 100.00; 20 % of (70.00 − 50.00) = 4.00 goes to the trader.
        expect(await watcher.cycle([{ symbol: 'SOLUSDT', bid: '70', ask: '70', time: new Date() }])).toMatchObject({ closedOutCopies: 1 });
      } finally {
        watcher.resume();
      }
      // The copy's pnl is net of the profit share: −30.00 − 4.00.
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'stopped', stopReason: 'stop_loss', pnl: '-34.00' });
      expect(await fx.cashOf(sql, tr.id)).toBe(traderCash + 400n);
      expect(await fx.cashOf(sql, f.id)).toBe(6_600n);
      expect(await sql("SELECT fee::text AS fee FROM copy_positions WHERE copy_id = ? AND close_reason = 'copy_stop_loss'", [copy.id])).toEqual([{ fee: '400' }]);
    });

    it('many copies at once close out in two transactions side by side: each once, a follower of both traders in both', async () => {
      const [a, b] = [await trader(), await trader()];
      const both = await follower(20_000);
      const [onlyA, onlyB] = [await follower(10_000), await follower(10_000)];
      const copies = [
        await follow(both, a.traderId, '100.00', 70),
        await follow(both, b.traderId, '100.00', 70),
        await follow(onlyA, a.traderId, '100.00', 70),
        await follow(onlyB, b.traderId, '100.00', 70),
      ];
      await openAt(t, a.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 100 }).expect(201);
      await openAt(t, b.bearer, '10', { symbol: 'ETHUSDT', allocationPct: 100 }).expect(201);
      const watcher = t.app.get(PriceWatcher);
      watcher.pause();
      watcher.closeOutSplit = 2;
      try {
        // −40 % on both: every copy's live equity is 60.00 ≤ 70.00; four copies, two transactions of two.
        const quotes = [
          { symbol: 'BTCUSDT', bid: '60', ask: '60', time: new Date() },
          { symbol: 'ETHUSDT', bid: '6', ask: '6', time: new Date() },
        ];
        expect(await watcher.cycle(quotes)).toMatchObject({ closedOutCopies: 4 });
        expect(await watcher.cycle(quotes)).toMatchObject({ closedOutCopies: 0 });
      } finally {
        watcher.closeOutSplit = CLOSE_OUT_SPLIT;
        watcher.resume();
      }
      const rows = await sql<{ status: string; settled: string }>(
        "SELECT c.status, (SELECT count(*) FROM copy_positions p WHERE p.copy_id = c.id AND p.close_reason = 'copy_stop_loss')::text AS settled FROM copies c WHERE c.id = ANY (?::uuid[])",
        [`{${copies.map((c) => c.id).join(',')}}`],
      );
      expect(rows).toEqual(copies.map(() => ({ status: 'stopped', settled: '1' })));
      expect([await fx.cashOf(sql, both.id), await fx.cashOf(sql, onlyA.id), await fx.cashOf(sql, onlyB.id)]).toEqual([12_000n, 6_000n, 6_000n]);
      await t.delivered(); // the close-out's notices go through the outbox (copy_guard_notices)
      expect(await sql("SELECT 1 FROM notifications WHERE user_id = ? AND type = 'guard_hit'", [both.id])).toHaveLength(2);
    });

    it('a timer cycle checks the copies even without a new quote, and a paused watcher does nothing', async () => {
      const tr = await trader();
      const f = await follower(10_000);
      const copy = await follow(f, tr.traderId, '100.00', 50);
      await openAt(t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 100 }).expect(201);
      const watcher = t.app.get(PriceWatcher);
      watcher.pause();
      try {
        await setQuote(t, 'BTCUSDT', '40');
        expect((await get(f, '/api/copies'))[0]).toMatchObject({ status: 'active', liveEquity: '40.00' });
      } finally {
        watcher.resume();
      }
      await eventually(async () => (await get(f, '/api/copies'))[0].status === 'stopped', { what: 'the copy stopped' });
      expect((await get(f, '/api/copies'))[0]).toMatchObject({ id: copy.id, status: 'stopped', pnl: '-60.00' });
      expect(await fx.cashOf(sql, f.id)).toBe(4_000n);
    });
  });

  it('marks to market: trades/, copies/, trader/trades, wallet/ and user/get show the live figures', async () => {
    const tr = await trader();
    const f = await follower(100_000);
    await follow(f, tr.traderId, '400.00');
    const opened = await openAt(t, tr.bearer, '2', { symbol: 'XRPUSDT', side: 'sell', allocationPct: 25 }).expect(201); // size 100.00
    await setQuote(t, 'XRPUSDT', '1.99', '2.1'); // a sell is marked at the ask: −5 %
    expect((await get(f, '/api/trades?status=open')).items[0]).toMatchObject({ markPrice: '2.1', unrealizedPnl: '-5.00' });
    expect((await get(f, '/api/copies'))[0]).toMatchObject({ equity: '400.00', unrealizedPnl: '-5.00', liveEquity: '395.00' });
    expect((await get(tr, '/api/trader/trades?status=open')).items[0]).toMatchObject({ id: opened.body.trade.id, markPrice: '2.1', unrealizedPnlPct: '-5.0000' });
    expect(await get(f, '/api/wallet')).toMatchObject({ balance: '600.00', tradingBalance: '400.00', liveTradingBalance: '395.00' });
    expect((await get(f, '/api/user/get')).user).toMatchObject({ tradingBalance: '400.00', liveTradingBalance: '395.00' });
    await setQuote(t, 'XRPUSDT', '0.5', '0.6'); // sell profits: +70 %
    expect((await get(f, '/api/copies'))[0]).toMatchObject({ unrealizedPnl: '70.00', liveEquity: '470.00' });
  });
});
