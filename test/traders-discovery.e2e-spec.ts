import { randomUUID } from 'node:crypto';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * Discovery (product.md §12.3): GET traders/?period=&filters&sort, the trader's minimum copy and maximum copiers,
 * "Full" and "Copy-ready". Three traders of this spec (named with its own prefix, found with `search`):
 * - A: two closed trades, ETHUSDT −50 % on 20 % closed 200 days ago (−10 % of a copier's equity), BTCUSDT +10 %
 *   on 20 % closed 2 days ago (+2 %); trading for about 200 days, Crypto.
 * - B: one trade, AAPL +20 % on 50 % closed 20 days ago (+10 %), Stocks; one copier and maxCopiers 1: Full.
 * - C: no trade, a minimum copy of 500.00.
 */
describe('GET traders/: periods, filters and sorts; minimum copy and maximum copiers', () => {
  let t: TestApp;
  let sql: fx.Sql;
  const prefix = `Disc${randomUUID().slice(0, 8)}`;
  const traders: Record<'A' | 'B' | 'C', TestUser & { traderId: number }> = {} as never;
  let copier: TestUser;
  let poor: TestUser;

  const backdate = (tradeId: string, openedDaysAgo: number, closedDaysAgo: number) =>
    sql("UPDATE trader_trades SET opened_at = now() - make_interval(days => ?), closed_at = now() - make_interval(days => ?) WHERE id = ?", [
      openedDaysAgo,
      closedDaysAgo,
      tradeId,
    ]);

  const trade = async (who: 'A' | 'B', symbol: string, allocationPct: number, entry: string, exit: string): Promise<string> => {
    const id = (await openAt(t, traders[who].bearer, entry, { symbol, allocationPct }).expect(201)).body.trade.id as string;
    await closeAt(t, traders[who].bearer, id, exit).expect(200);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
    for (const who of ['A', 'B', 'C'] as const) {
      const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
      const traderId = await fx.insertTraderProfile(sql, user.id, 20);
      await sql('UPDATE trader_profiles SET name = ? WHERE id = ?', [`${prefix} ${who}`, traderId]);
      traders[who] = { ...user, traderId };
    }
    await backdate(await trade('A', 'ETHUSDT', 20, '100', '50'), 201, 200);
    await backdate(await trade('A', 'BTCUSDT', 20, '100', '110'), 3, 2);
    const aapl = await trade('B', 'BTCUSDT', 50, '100', '120');
    // The test feed quotes crypto around the clock; the record of a Stocks trade is the same but for its market.
    await sql("UPDATE trader_trades SET symbol = 'AAPL', pair = 'AAPL', market = 'Stocks' WHERE id = ?", [aapl]);
    await backdate(aapl, 21, 20);
    // Copiers' net pnl on A's recent trade (the settlement's per-trade totals), for the copiersPnl sort.
    await sql("UPDATE trader_trades SET copiers_pnl = 12345, copiers_fees = 45 WHERE trader_id = ? AND symbol = 'BTCUSDT'", [traders.A.traderId]);

    copier = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, copier.id, 1_000_000);
    await t.http().post('/api/copies').set('Authorization', copier.bearer).send({ traderId: traders.B.traderId, amount: '100.00' }).expect(201);
    await t.http().patch('/api/trader/settings').set('Authorization', traders.B.bearer).send({ maxCopiers: 1 }).expect(200);
    await t.http().patch('/api/trader/settings').set('Authorization', traders.C.bearer).send({ minCopyAmount: '500.00' }).expect(200);
    poor = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, poor.id, 10_000);
  });
  afterAll(() => t.close());

  type Item = Record<string, unknown> & { id: number; name: string };
  const list = async (query: Record<string, string>, bearer?: string): Promise<Item[]> => {
    const req = t.http().get('/api/traders').query({ search: prefix, limit: '100', ...query });
    const res = await (bearer ? req.set('Authorization', bearer) : req).expect(200);
    return res.body.items as Item[];
  };
  const names = (items: Item[]) => items.map((x) => x.name.slice(prefix.length + 1));
  const one = async (who: 'A' | 'B' | 'C', query: Record<string, string> = {}) => (await list(query)).find((x) => x.id === traders[who].traderId)!;

  it('every statistic is over the period (default 30d): roi, drawdown, accuracy, closed trades, copiers\' pnl, Sharpe', async () => {
    const a30 = await one('A');
    expect(a30).toMatchObject({ period: '30d', roi: 2, roi30d: 2, maxDrawdown: 0, tradingAccuracy: 100, closedTrades: 1, copiersPnl: '123.00', markets: ['Crypto'] });
    const aAll = await one('A', { period: 'all' });
    // −10 % then +2 %: Σ −8; the curve falls to 0.9 (a 10 % drawdown) and ends at 0.918.
    expect(aAll).toMatchObject({ period: 'all', roi: -8, roi30d: 2, maxDrawdown: 10, tradingAccuracy: 50, closedTrades: 2, shorterHistory: false });
    expect(aAll.sharpe).toBeLessThan(0);
    expect(aAll.daysTrading).toBeGreaterThanOrEqual(201);
    expect(await one('A', { period: '1y' })).toMatchObject({ roi: -8, shorterHistory: true });
    expect(await one('A', { period: '180d' })).toMatchObject({ roi: 2, closedTrades: 1, shorterHistory: false });
    expect(await one('A', { period: '7d' })).toMatchObject({ roi: 2, closedTrades: 1 });
    expect(await one('B', { period: '7d' })).toMatchObject({ roi: 0, closedTrades: 0, sharpe: 0, markets: [] });
    const b30 = await one('B', { period: '30d' });
    expect(b30).toMatchObject({ roi: 10, closedTrades: 1, markets: ['Stocks'], copiers: 1, followers: 1, aum: '100.00', assetsCopying: '100.00', full: true, maxCopiers: 1 });
    expect(b30.sharpe).toBeGreaterThan(0);
    expect(await one('C')).toMatchObject({ roi: 0, daysTrading: 0, historyStart: null, minCopyAmount: '500.00', full: false, riskScore: 1 });
  });

  it('each sort orders the list (maxDrawdown lowest first, the rest highest first, ties by id)', async () => {
    expect(names(await list({ period: '7d', sort: 'roi' }))).toEqual(['A', 'B', 'C']);
    expect(names(await list({ period: '30d', sort: 'roi' }))).toEqual(['B', 'A', 'C']);
    expect(names(await list({ period: 'all' }))).toEqual(['B', 'C', 'A']);
    expect(names(await list({ period: 'all', sort: 'sharpe' }))).toEqual(['B', 'C', 'A']);
    expect(names(await list({ period: 'all', sort: 'maxDrawdown' }))).toEqual(['B', 'C', 'A']);
    expect(names(await list({ sort: 'aum' }))).toEqual(['B', 'A', 'C']);
    expect(names(await list({ sort: 'copiers' }))).toEqual(['B', 'A', 'C']);
    expect(names(await list({ sort: 'followers' }))).toEqual(['B', 'A', 'C']);
    expect(names(await list({ sort: 'copiersPnl' }))).toEqual(['A', 'B', 'C']);
    expect(names(await list({ period: 'all', sort: 'tradingAccuracy' }))).toEqual(['B', 'A', 'C']);
    expect(names(await list({ period: 'all', sort: 'accuracy' }))).toEqual(['B', 'A', 'C']);
    expect(names(await list({ sort: 'daysTrading' }))).toEqual(['A', 'B', 'C']);
  });

  it('each filter filters', async () => {
    expect(names(await list({ period: 'all', maxDrawdown: '5' }))).toEqual(['B', 'C']);
    expect(names(await list({ period: '7d', maxDrawdown: '5' }))).toEqual(['A', 'B', 'C']);
    expect(names(await list({ minDays: '100' }))).toEqual(['A']);
    expect(names(await list({ minDays: '1' }))).toEqual(['B', 'A']);
    expect(names(await list({ period: 'all', market: 'Stocks' }))).toEqual(['B']);
    expect(names(await list({ period: 'all', market: 'Crypto' }))).toEqual(['A']);
    expect(names(await list({ period: 'all', market: 'Forex' }))).toEqual([]);
    // The risk score: B's one +10 % day in 30 is a one-day VaR of about 3 % (8); A's +2 % about 0.6 % (4); C has none (1).
    expect((await list({})).map((x) => x.riskScore)).toEqual([8, 4, 1]);
    expect(names(await list({ maxRisk: '4' }))).toEqual(['A', 'C']);
    expect(names(await list({ maxRisk: '1' }))).toEqual(['C']);
    expect(names(await list({ hideFull: 'true' }))).toEqual(['A', 'C']);
    expect(names(await list({ hideFull: 'false' }))).toEqual(['B', 'A', 'C']);
  });

  it('copyReady keeps the traders whose minimum copy my cash covers, and needs a caller', async () => {
    expect(names(await list({ copyReady: 'true' }, poor.bearer))).toEqual(['B', 'A']);
    await fx.fundCash(sql, poor.id, 40_000);
    expect(names(await list({ copyReady: 'true' }, poor.bearer))).toEqual(['B', 'A', 'C']);
    expect(names(await list({ copyReady: 'false' }, poor.bearer))).toEqual(['B', 'A', 'C']);
    const anonymous = await t.http().get('/api/traders').query({ copyReady: 'true' }).expect(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(anonymous.body.message).toMatch(/copyReady/);
  });

  it('bad values: 400 with a message naming the parameter', async () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ period: '2y' }, /period must be one of 7d, 30d, 90d, 180d, 1y, all/],
      [{ sort: 'luck' }, /sort must be one of/],
      [{ maxRisk: '0' }, /maxRisk must be a whole number from 1 to 10/],
      [{ maxRisk: '11' }, /maxRisk/],
      [{ maxRisk: '2.5' }, /maxRisk/],
      [{ maxDrawdown: '-1' }, /maxDrawdown must be a number from 0 to 100/],
      [{ maxDrawdown: '101' }, /maxDrawdown/],
      [{ maxDrawdown: 'abc' }, /maxDrawdown/],
      [{ minDays: '-1' }, /minDays must be a whole number/],
      [{ minDays: 'x' }, /minDays/],
      [{ market: 'Bonds' }, /market must be one of Forex, Crypto, Stocks/],
      [{ hideFull: 'yes' }, /hideFull must be true or false/],
      [{ copyReady: '1' }, /copyReady must be true or false/],
      [{ colour: 'red' }, /colour/],
    ];
    for (const [query, message] of bad) {
      const res = await t.http().get('/api/traders').query(query).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    await t.http().get(`/api/traders/${traders.A.traderId}`).query({ period: 'week' }).expect(400);
  });

  it('the trader page over a period: the figures and the asset allocation by symbol', async () => {
    const all = (await t.http().get(`/api/traders/${traders.A.traderId}`).expect(200)).body;
    expect(all).toMatchObject({ period: 'all', roi: -8, closedTrades: 2, maxDrawdown: 10 });
    expect(all.allocation).toEqual([
      { market: 'Crypto', symbol: 'BTCUSDT', trades: 1, pct: 50 },
      { market: 'Crypto', symbol: 'ETHUSDT', trades: 1, pct: 50 },
    ]);
    const week = (await t.http().get(`/api/traders/${traders.A.traderId}?period=7d`).expect(200)).body;
    expect(week).toMatchObject({ period: '7d', roi: 2, closedTrades: 1, allocation: [{ market: 'Crypto', symbol: 'BTCUSDT', trades: 1, pct: 100 }] });
  });

  it('the follow enforces the minimum copy and the maximum copiers; trader/settings checks its input', async () => {
    const follow = (traderId: number, amount: string) => t.http().post('/api/copies').set('Authorization', poor.bearer).send({ traderId, amount });
    const small = await follow(traders.C.traderId, '499.99').expect(400);
    expect(small.body).toMatchObject({ code: 'COPY.AMOUNT_TOO_SMALL', message: "This trader's minimum copy is 500.00" });
    const full = await follow(traders.B.traderId, '100.00').expect(409);
    expect(full.body).toMatchObject({ code: 'COPY.TRADER_FULL' });
    // Nothing moved: the poor copier still has all its cash.
    expect(await fx.cashOf(sql, poor.id)).toBe(50_000n);
    await follow(traders.C.traderId, '500.00').expect(201);
    expect(await fx.cashOf(sql, poor.id)).toBe(0n);

    // Room again: B is no longer full.
    const settings = await t.http().patch('/api/trader/settings').set('Authorization', traders.B.bearer).send({ maxCopiers: 2 }).expect(200);
    expect(settings.body).toEqual({ minCopyAmount: '10.00', maxCopiers: 2, copiers: 1, full: false });
    expect(await one('B')).toMatchObject({ full: false });

    const patch = (body: Record<string, unknown>, bearer = traders.B.bearer) => t.http().patch('/api/trader/settings').set('Authorization', bearer).send(body);
    for (const body of [{ minCopyAmount: '9.99' }, { minCopyAmount: '10.001' }, { minCopyAmount: null }, { maxCopiers: 0 }, { maxCopiers: 1.5 }, { share: 10 }]) {
      expect((await patch(body).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await patch({ minCopyAmount: '9.99' }).expect(400)).body.message).toMatch(/minCopyAmount must be at least 10.00/);
    await patch({ minCopyAmount: '20.00' }, copier.bearer).expect(403);
    await t.http().patch('/api/trader/settings').send({ minCopyAmount: '20.00' }).expect(401);
    expect((await patch({ minCopyAmount: '25.50' }).expect(200)).body).toMatchObject({ minCopyAmount: '25.50', maxCopiers: 2 });
  });
});
