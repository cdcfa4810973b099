import { EntryOrdersUseCase, PriceWatcher } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { openAt, setQuote } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * Entry orders and trailing stops (product.md §12.5) against real PostgreSQL and the test feed: a limit or stop order
 * waits, then the price watcher fills it through the open path (copiers at the trader's fill, in the same transaction);
 * cancel, expiry, the refusals, a fill-time check that rejects, exactly once under concurrent fills, and a trailing stop
 * that ratchets and closes. Prices are driven by the test feed: setQuote resolves once the watcher has run on the quote.
 * Each test trades its own symbol, so no order of one is reached by another's prices.
 */
describe('entry orders and trailing stops', () => {
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

  async function trader(share = 0): Promise<TestUser & { traderId: number }> {
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    return { ...user, traderId: await fx.insertTraderProfile(sql, user.id, share) };
  }
  async function follower(): Promise<TestUser> {
    const user = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, user.id, 100_000);
    return user;
  }
  const follow = async (who: TestUser, traderId: number, amount: string) =>
    (await t.http().post('/api/copies').set('Authorization', who.bearer).send({ traderId, amount }).expect(201)).body as { id: string };
  const post = (who: TestUser, body: Record<string, unknown>) => t.http().post('/api/trader/trades').set('Authorization', who.bearer).send(body);
  const orders = async (who: TestUser, query = '') => (await t.http().get(`/api/trader/orders${query}`).set('Authorization', who.bearer).expect(200)).body;
  const cancel = (who: TestUser, id: string) => t.http().delete(`/api/trader/orders/${id}`).set('Authorization', who.bearer);
  const orderRow = async (id: string) =>
    (await sql<{ status: string; trade_id: string | null; reason: string | null }>('SELECT status, trade_id::text AS trade_id, reason FROM trader_orders WHERE id = ?', [id]))[0];
  const tradesOf = (traderId: number) =>
    sql<{ id: string; entry_price: string }>('SELECT id::text AS id, trim_scale(entry_price)::text AS entry_price FROM trader_trades WHERE trader_id = ?', [traderId]);

  it('a buy limit waits, then fills at the first quote at or below its price (here better), copiers at the trader’s fill in the same transaction', async () => {
    const tr = await trader();
    const [f1, f2] = [await follower(), await follower()];
    const c1 = await follow(f1, tr.traderId, '200.00');
    const c2 = await follow(f2, tr.traderId, '300.00');
    await setQuote(t, 'ETHUSDT', '3100', '3100.5');
    const placed = await post(tr, { symbol: 'ETHUSDT', side: 'buy', allocationPct: 50, type: 'limit', price: '3000.00', stopLoss: '2900', takeProfit: '3300' }).expect(201);
    expect(placed.body).toMatchObject({
      symbol: 'ETHUSDT', market: 'Crypto', side: 'buy', type: 'limit', price: '3000', allocationPct: 50,
      stopLoss: '2900', takeProfit: '3300', trailingStopPct: null, status: 'pending', reason: null, tradeId: null, expiresAt: null,
    });
    const id = placed.body.id as string;
    expect((await orders(tr, '?status=pending')).items.map((o: { id: string }) => o.id)).toEqual([id]);
    await setQuote(t, 'ETHUSDT', '3000.5', '3001'); // the ask is still above 3000
    expect((await orderRow(id)).status).toBe('pending');
    expect(await tradesOf(tr.traderId)).toEqual([]);
    await setQuote(t, 'ETHUSDT', '2994.5', '2995'); // reached, and better: fills at the ask 2995
    const filled = await orderRow(id);
    expect(filled).toMatchObject({ status: 'filled', reason: null });
    expect(await tradesOf(tr.traderId)).toEqual([{ id: filled.trade_id, entry_price: '2995' }]);
    // Each copy's position at the trader's fill; the order, the trade and the positions written by one transaction.
    const rows = await sql<{ copy_id: string; size: string; fill: string; same_tx: boolean }>(
      `SELECT p.copy_id, p.size::text AS size, trim_scale(p.fill_price)::text AS fill, (p.xmin = t.xmin AND o.xmin = t.xmin) AS same_tx
       FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id JOIN trader_orders o ON o.trade_id = t.id
       WHERE t.id = ? ORDER BY p.size`,
      [filled.trade_id],
    );
    expect(rows).toEqual([
      { copy_id: c1.id, size: '10000', fill: '2995', same_tx: true },
      { copy_id: c2.id, size: '15000', fill: '2995', same_tx: true },
    ]);
    const listed = await orders(tr);
    expect(listed).toMatchObject({ total: 1, page: 1, items: [{ id, status: 'filled', tradeId: filled.trade_id }] });
    const trade = (await t.http().get('/api/trader/trades?status=open').set('Authorization', tr.bearer).expect(200)).body.items[0];
    expect(trade).toMatchObject({ id: filled.trade_id, entryPrice: '2995', stopLoss: '2900', takeProfit: '3300', copiedCount: 2 });
    // A filled order cannot be cancelled.
    const late = await cancel(tr, id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('ORDER.NOT_PENDING');
  });

  it('a sell stop fills at the first bid at or below its price (a gap fills at the quote); a sell limit waits for the bid to rise', async () => {
    const tr = await trader();
    await setQuote(t, 'SOLUSDT', '150', '150.03');
    const stop = (await post(tr, { symbol: 'SOLUSDT', side: 'sell', allocationPct: 20, type: 'stop', price: '140' }).expect(201)).body;
    const limit = (await post(tr, { symbol: 'SOLUSDT', side: 'sell', allocationPct: 20, type: 'limit', price: '160' }).expect(201)).body;
    await setQuote(t, 'SOLUSDT', '140.01', '140.05');
    expect((await orderRow(stop.id)).status).toBe('pending');
    await setQuote(t, 'SOLUSDT', '138', '138.04'); // gaps through 140
    expect((await orderRow(stop.id)).status).toBe('filled');
    expect((await orderRow(limit.id)).status).toBe('pending');
    await setQuote(t, 'SOLUSDT', '161', '161.05');
    expect((await orderRow(limit.id)).status).toBe('filled');
    expect((await tradesOf(tr.traderId)).map((r) => r.entry_price).sort()).toEqual(['138', '161']);
  });

  it('refuses bad orders with a clear 400 and writes nothing', async () => {
    const tr = await trader();
    await setQuote(t, 'BNBUSDT', '580', '580.2');
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ type: 'limit', price: '580.2' }, 'ORDER.WRONG_SIDE', /buy limit must be below the current ask 580.2/], // at the ask: a market order
      [{ type: 'limit', price: '600' }, 'ORDER.WRONG_SIDE', /below the current ask/],
      [{ type: 'stop', price: '570' }, 'ORDER.WRONG_SIDE', /buy stop must be above the current ask/],
      [{ side: 'sell', type: 'limit', price: '570' }, 'ORDER.WRONG_SIDE', /sell limit must be above the current bid 580/],
      [{ side: 'sell', type: 'stop', price: '590' }, 'ORDER.WRONG_SIDE', /sell stop must be below the current bid/],
      [{ type: 'limit', price: '570', expiresAt: new Date(Date.now() - 1000).toISOString() }, 'ORDER.INVALID_EXPIRY', /in the future/],
      [{ type: 'limit', price: '570', expiresAt: new Date(Date.now() + 31 * 24 * 3600_000).toISOString() }, 'ORDER.INVALID_EXPIRY', /30 days/],
      [{ type: 'limit', price: '570', stopLoss: '575' }, 'TRADE.INVALID_LEVEL', /stopLoss of a buy must be below the order price 570/],
      [{ type: 'limit', price: '570', takeProfit: '560' }, 'TRADE.INVALID_LEVEL', /takeProfit of a buy must be above the order price/],
      [{ type: 'limit' }, 'VALIDATION_FAILED', /price/],
      [{ type: 'stop', price: 'abc' }, 'VALIDATION_FAILED', /price/],
      [{ price: '570' }, 'VALIDATION_FAILED', /price is only for a limit or stop order/],
      [{ type: 'market', expiresAt: inAnHour }, 'VALIDATION_FAILED', /expiresAt is only for a limit or stop order/],
      [{ type: 'iceberg', price: '570' }, 'VALIDATION_FAILED', /type/],
      [{ type: 'limit', price: '570', expiresAt: 'tomorrow' }, 'VALIDATION_FAILED', /expiresAt/],
      [{ trailingStopPct: 0 }, 'VALIDATION_FAILED', /trailingStopPct/],
      [{ trailingStopPct: 51 }, 'VALIDATION_FAILED', /trailingStopPct/],
      [{ trailingStopPct: 1.234 }, 'VALIDATION_FAILED', /trailingStopPct/],
      [{ type: 'limit', price: '570', goodTill: inAnHour }, 'VALIDATION_FAILED', /goodTill/],
    ];
    for (const [body, code, message] of cases) {
      const res = await post(tr, { symbol: 'BNBUSDT', side: 'buy', allocationPct: 10, ...body });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code });
      expect(res.body.message).toMatch(message);
    }
    const unknown = await post(tr, { symbol: 'NOPE', side: 'buy', allocationPct: 10, type: 'limit', price: '1' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'MARKET.UNKNOWN_SYMBOL']);
    expect(await sql('SELECT 1 FROM trader_orders WHERE trader_id = ?', [tr.traderId])).toHaveLength(0);
    expect(await tradesOf(tr.traderId)).toEqual([]);
    const bad = await t.http().get('/api/trader/orders?status=open').set('Authorization', tr.bearer);
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('cancel: 204, then 409 on a second cancel; another trader’s order is a 404; a cancelled order never fills', async () => {
    const tr = await trader();
    const other = await trader();
    await setQuote(t, 'BTCUSDT', '60000', '60010');
    const order = (await post(tr, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10, type: 'limit', price: '59000' }).expect(201)).body;
    for (const id of [order.id, '999999999', 'abc']) {
      const res = await cancel(other, id);
      expect([res.status, res.body.code]).toEqual([404, 'ORDER.NOT_FOUND']);
    }
    expect((await orderRow(order.id)).status).toBe('pending');
    await cancel(tr, order.id).expect(204);
    const twice = await cancel(tr, order.id);
    expect([twice.status, twice.body.code, twice.body.message]).toEqual([409, 'ORDER.NOT_PENDING', 'This order is cancelled, not pending']);
    await setQuote(t, 'BTCUSDT', '58000', '58010');
    expect(await orderRow(order.id)).toEqual({ status: 'cancelled', trade_id: null, reason: null });
    expect(await tradesOf(tr.traderId)).toEqual([]);
    expect((await orders(tr, '?status=cancelled')).items).toMatchObject([{ id: order.id, status: 'cancelled' }]);
    expect((await orders(other)).total).toBe(0);
  });

  it('expiry: an order past its expiresAt is expired by the watcher and never fills', async () => {
    const tr = await trader();
    await setQuote(t, 'DOGEUSDT', '0.15', '0.1501');
    const expiresAt = new Date(Date.now() + 3600_000);
    const order = (await post(tr, { symbol: 'DOGEUSDT', side: 'buy', allocationPct: 10, type: 'limit', price: '0.14', expiresAt: expiresAt.toISOString() }).expect(201)).body;
    expect(order.expiresAt).toBe(expiresAt.toISOString());
    // The hour passes (the order's expiry is moved behind the database's clock: no spec waits an hour).
    await sql("UPDATE trader_orders SET expires_at = now() - interval '1 second' WHERE id = ?", [order.id]);
    await setQuote(t, 'DOGEUSDT', '0.139', '0.1391'); // would fill it; the same cycle expires it first
    expect(await orderRow(order.id)).toEqual({ status: 'expired', trade_id: null, reason: null });
    expect(await tradesOf(tr.traderId)).toEqual([]);
    const res = await cancel(tr, order.id);
    expect([res.status, res.body.message]).toEqual([409, 'This order is expired, not pending']);
  });

  it('a fill is checked like a market order: a trader no longer KYC Verified gets the order rejected with the reason, nothing else written', async () => {
    const tr = await trader();
    const f = await follower();
    await follow(f, tr.traderId, '100.00');
    await setQuote(t, 'XRPUSDT', '0.55', '0.5501');
    const order = (await post(tr, { symbol: 'XRPUSDT', side: 'buy', allocationPct: 10, type: 'stop', price: '0.56' }).expect(201)).body;
    await sql("UPDATE users SET kyc_status = 'Pending' WHERE id = ?", [tr.id]);
    await setQuote(t, 'XRPUSDT', '0.5599', '0.5600');
    expect(await orderRow(order.id)).toEqual({ status: 'rejected', trade_id: null, reason: expect.stringMatching(/^KYC_REQUIRED: /) });
    expect(await tradesOf(tr.traderId)).toEqual([]);
    expect(await sql('SELECT 1 FROM copy_positions WHERE follower_id = ?', [f.id])).toHaveLength(0);
    expect((await orders(tr, '?status=rejected')).items[0]).toMatchObject({ id: order.id, reason: expect.stringMatching(/identity verification/) });
  });

  it('fills exactly once when two watchers (instances) reach the same order at the same time', async () => {
    const tr = await trader();
    const f = await follower();
    await follow(f, tr.traderId, '100.00');
    const watcher = t.app.get(PriceWatcher);
    const fills = t.app.get(EntryOrdersUseCase);
    await setQuote(t, 'BNBUSDT', '600', '600.1');
    const order = (await post(tr, { symbol: 'BNBUSDT', side: 'buy', allocationPct: 50, type: 'limit', price: '599' }).expect(201)).body;
    watcher.pause();
    try {
      await setQuote(t, 'BNBUSDT', '598.9', '599'); // not acted on while paused
      expect((await orderRow(order.id)).status).toBe('pending');
      const quote = { symbol: 'BNBUSDT', bid: '598.9', ask: '599', time: new Date() };
      const [a, b, cycle] = await Promise.all([
        fills.fill({ orderId: order.id, traderId: tr.traderId }),
        fills.fill({ orderId: order.id, traderId: tr.traderId }),
        watcher.cycle([quote]),
      ]);
      expect([a, b, cycle.filledOrders].filter((x) => x === 'filled' || x === 1)).toHaveLength(1);
    } finally {
      watcher.resume();
    }
    expect(await tradesOf(tr.traderId)).toHaveLength(1);
    expect(await sql('SELECT 1 FROM copy_positions WHERE follower_id = ?', [f.id])).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('filled');
  });

  it('a trailing stop ratchets up with the bid, never back down, and closes the trade as a stop loss', async () => {
    const tr = await trader();
    const f = await follower();
    await follow(f, tr.traderId, '200.00');
    const opened = await openAt(t, tr.bearer, '100', { symbol: 'SOLUSDT', allocationPct: 50, trailingStopPct: 5 }).expect(201);
    const id = opened.body.trade.id as string;
    expect(opened.body.trade).toMatchObject({ entryPrice: '100', stopLoss: '95', trailingStopPct: 5 });
    const stop = async () => (await sql<{ s: string }>('SELECT trim_scale(stop_loss)::text AS s FROM trader_trades WHERE id = ?', [id]))[0].s;
    await setQuote(t, 'SOLUSDT', '110');
    expect(await stop()).toBe('104.5');
    await setQuote(t, 'SOLUSDT', '105'); // the price falls back: the stop stays
    expect(await stop()).toBe('104.5');
    await setQuote(t, 'SOLUSDT', '112.34');
    expect(await stop()).toBe('106.723'); // 112.34 × 0.95
    await setQuote(t, 'SOLUSDT', '106.5'); // crosses it: closes at the quote
    const [row] = await sql<{ status: string; exit: string; reason: string }>(
      'SELECT status, trim_scale(exit_price)::text AS exit, close_reason AS reason FROM trader_trades WHERE id = ?',
      [id],
    );
    expect(row).toEqual({ status: 'closed', exit: '106.5', reason: 'stop_loss' });
    const [position] = (await t.http().get('/api/trades?status=closed').set('Authorization', f.bearer).expect(200)).body.items;
    expect(position).toMatchObject({ exitPrice: '106.5', closeReason: 'stop_loss', pnl: '6.50' }); // 100.00 × 6.5 %
  });

  it('a sell’s trailing stop follows the ask down, starts at the tighter of stopLoss and the trail, and an entry order carries it', async () => {
    const tr = await trader();
    const opened = await openAt(t, tr.bearer, '200', { symbol: 'DOGEUSDT', side: 'sell', allocationPct: 10, trailingStopPct: 10, stopLoss: '210' }).expect(201);
    expect(opened.body.trade).toMatchObject({ stopLoss: '210', trailingStopPct: 10 }); // 210 is tighter than 220
    const id = opened.body.trade.id as string;
    const stop = async () => (await sql<{ s: string }>('SELECT trim_scale(stop_loss)::text AS s FROM trader_trades WHERE id = ?', [id]))[0].s;
    await setQuote(t, 'DOGEUSDT', '189', '190'); // 190 × 1.1 = 209 < 210
    expect(await stop()).toBe('209');
    await setQuote(t, 'DOGEUSDT', '195', '196');
    expect(await stop()).toBe('209');
    const order = (await post(tr, { symbol: 'DOGEUSDT', side: 'sell', allocationPct: 10, type: 'limit', price: '200', trailingStopPct: 2.5 }).expect(201)).body;
    expect(order).toMatchObject({ trailingStopPct: 2.5, status: 'pending' });
    await setQuote(t, 'DOGEUSDT', '200', '200.1');
    const filled = await orderRow(order.id);
    expect(filled.status).toBe('filled');
    const [trade] = await sql<{ s: string; pct: string }>('SELECT trim_scale(stop_loss)::text AS s, trailing_stop_pct::text AS pct FROM trader_trades WHERE id = ?', [filled.trade_id]);
    expect(trade).toEqual({ s: '205.1025', pct: '2.50' }); // the ask 200.1 × 1.025
  });

  it('PATCH starts a trailing stop on an open trade, and null stops the trailing with the stop loss left where it is', async () => {
    const tr = await trader();
    const opened = await openAt(t, tr.bearer, '0.6', { symbol: 'XRPUSDT', allocationPct: 10 }).expect(201);
    const id = opened.body.trade.id as string;
    const patch = (body: Record<string, unknown>) => t.http().patch(`/api/trader/trades/${id}`).set('Authorization', tr.bearer).send(body);
    for (const bad of [{ trailingStopPct: 0 }, { trailingStopPct: '5' }, { trailingStopPct: 50.5 }]) {
      const res = await patch(bad);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await patch({ trailingStopPct: 10 }).expect(200)).body).toMatchObject({ stopLoss: '0.54', trailingStopPct: 10 });
    await setQuote(t, 'XRPUSDT', '0.7');
    expect((await patch({}).expect(200)).body).toMatchObject({ stopLoss: '0.63', trailingStopPct: 10 });
    expect((await patch({ trailingStopPct: null }).expect(200)).body).toMatchObject({ stopLoss: '0.63', trailingStopPct: null });
    await setQuote(t, 'XRPUSDT', '0.8'); // no longer trailing: the stop stays
    expect((await patch({}).expect(200)).body).toMatchObject({ stopLoss: '0.63', takeProfit: null, trailingStopPct: null });
  });
});
