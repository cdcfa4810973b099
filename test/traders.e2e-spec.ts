import SwaggerParser from '@apidevtools/swagger-parser';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { DEMO_TRADERS } from '@mirrorline/demo';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser } from './support/users';
import { Contract } from './support/contract';
import { openAt, setQuote } from './support/market';

describe('traders: public list and profile with stats (demo data)', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_DATA: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());

  it('seeds the eight sample traders (ids 2–9) as Trader users that cannot log in', async () => {
    const rows = await sql<{ id: number; share_pct: number; roles: string[]; password_hash: string }>(
      'SELECT tp.id, tp.share_pct, u.roles, u.password_hash FROM trader_profiles tp JOIN users u ON u.id = tp.user_id ORDER BY tp.id',
    );
    expect(rows.map((r) => Number(r.id))).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    for (const row of rows) {
      expect(row.roles).toContain('Trader');
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(Number(row.share_pct)).toBeGreaterThanOrEqual(12);
      expect(Number(row.share_pct)).toBeLessThanOrEqual(40);
    }
    // The identity moved past the seeded ids.
    const user = await createUser(t, { roles: ['User', 'Trader'] });
    expect(await fx.insertTraderProfile(sql, user.id)).toBeGreaterThan(9);
  });

  it('GET traders/ is public, cached briefly and computes the stats from closed trades', async () => {
    const res = await t.http().get('/api/traders?limit=100').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    const demo = res.body.items.filter((tr: { id: number }) => tr.id >= 2 && tr.id <= 9);
    expect(demo).toHaveLength(8);
    for (const trader of demo) {
      const seed = DEMO_TRADERS.find((d) => d.id === trader.id)!;
      expect(trader).toMatchObject({ name: seed.name, traderType: seed.traderType, share: seed.share, tradingAccuracy: seed.accuracy, closedTrades: 50 });
      expect(trader.tradingAccuracy).toBeGreaterThanOrEqual(70);
      expect(trader.tradingAccuracy).toBeLessThanOrEqual(82);
      expect(trader.dayLabels).toHaveLength(10);
      expect(trader.dailyPnls).toHaveLength(10);
      expect(trader.dailyPnls.some((p: number) => p !== 0)).toBe(true);
      // 50 closed trades: not a new trader; a risk score from the last 30 daily returns (docs/copy-trading.md)
      expect(trader.newTrader).toBe(false);
      expect(Number.isInteger(trader.riskScore) && trader.riskScore >= 1 && trader.riskScore <= 10).toBe(true);
      expect(trader.strategyExplanation.length).toBeGreaterThan(200);
      expect(trader.maxDrawdown).toBeGreaterThanOrEqual(0);
    }
    // The stats are the SQL view of the rows: recompute two of them here.
    const [row] = await sql<{ wins: string; n: string; roi: string }>(
      `SELECT count(*) FILTER (WHERE pnl_pct > 0) AS wins, count(*) AS n,
              round(sum(pnl_pct * allocation_pct / 100) FILTER (WHERE closed_at >= now() - interval '30 days'), 2)::text AS roi
       FROM trader_trades WHERE trader_id = 2 AND status = 'closed'`,
    );
    const two = demo.find((tr: { id: number }) => tr.id === 2);
    expect(two.tradingAccuracy).toBe((Number(row.wins) * 100) / Number(row.n));
    expect(two.roi30d).toBe(Number(row.roi));
  });

  it('searches by part of the name, case-insensitive (search=); LIKE wildcards are literal', async () => {
    const seed = DEMO_TRADERS[0];
    const part = seed.name.slice(1, 5).toUpperCase();
    const res = await t.http().get(`/api/traders?limit=100&search=${encodeURIComponent(part)}`).expect(200);
    expect(res.body.items.length).toBeGreaterThanOrEqual(1);
    expect(res.body.items.every((tr: { name: string }) => tr.name.toUpperCase().includes(part))).toBe(true);
    expect(res.body.items.some((tr: { id: number }) => tr.id === seed.id)).toBe(true);
    expect((await t.http().get('/api/traders?search=%25').expect(200)).body.total).toBe(0);
  });

  it('sorts by roi, accuracy or followers, filters by type and pages', async () => {
    const byAccuracy = (await t.http().get('/api/traders?sort=accuracy&limit=3').expect(200)).body;
    expect(byAccuracy.items.map((tr: { tradingAccuracy: number }) => tr.tradingAccuracy)).toEqual([82, 80, 78]);
    expect(byAccuracy.total).toBeGreaterThanOrEqual(8);
    const byRoi = (await t.http().get('/api/traders?sort=roi&limit=100').expect(200)).body.items.map((tr: { roi30d: number }) => tr.roi30d);
    expect([...byRoi].sort((a, b) => b - a)).toEqual(byRoi);
    const smc = (await t.http().get('/api/traders?traderType=SMC%20Trader').expect(200)).body;
    expect(smc.items.map((tr: { id: number }) => tr.id).sort()).toEqual([3, 6, 9]);
    const page2 = (await t.http().get('/api/traders?sort=accuracy&limit=3&page=2').expect(200)).body;
    expect(page2.items[0].tradingAccuracy).toBeLessThanOrEqual(78);
    expect((await t.http().get('/api/traders?sort=name').expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http().get('/api/traders?limit=1000')).status).toBe(400);
  });

  it('followers and assets follow live copies; the sort by followers uses them', async () => {
    const f = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, f.id, 50_000);
    // The demo copiers copy every demo trader: the follow adds one copier and its amount to theirs.
    const trader6 = async () => (await t.http().get('/api/traders?limit=100').expect(200)).body.items.find((tr: { id: number }) => tr.id === 6);
    const before = await trader6();
    await t.http().post('/api/copies').set('Authorization', f.bearer).send({ traderId: 6, amount: '123.45' }).expect(201);
    expect(await trader6()).toMatchObject({ followers: before.followers + 1, assetsCopying: (Number(before.assetsCopying) + 123.45).toFixed(2), copiersPnl: '0.00' });
    const byFollowers = (await t.http().get('/api/traders?sort=followers&limit=100').expect(200)).body.items.map((tr: { followers: number }) => tr.followers);
    expect([...byFollowers].sort((a, b) => b - a)).toEqual(byFollowers);
  });

  it('GET traders/:id gives the profile, stats and recent closed trades; 404/400 otherwise', async () => {
    const res = await t.http().get('/api/traders/4').expect(200);
    expect(res.body).toMatchObject({ id: 4, name: 'Mei Tanaka', traderType: 'Price Action Trader', tradingAccuracy: 76 });
    expect(res.body.recentTrades).toHaveLength(20);
    for (const trade of res.body.recentTrades) {
      expect(['Forex', 'Stocks']).toContain(trade.market);
      expect(trade.pnlPct).toBeGreaterThanOrEqual(-3.1);
      expect(trade.pnlPct).toBeLessThanOrEqual(8.1);
    }
    const dates = res.body.recentTrades.map((tr: { closedAt: string }) => tr.closedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await t.http().get('/api/traders/999')).status).toBe(404);
    expect((await t.http().get('/api/traders/abc')).status).toBe(400);
  });

  it('lists a trader publicly only once KYC Verified: list, search, profile and follow; an admin\'s KYC decision shows at once', async () => {
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    const follower = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, follower.id, 50_000);
    for (const kyc of ['Unverified', 'Pending'] as const) {
      const user = await createUser(t, { roles: ['User', 'Trader'], kyc });
      const traderId = await fx.insertTraderProfile(sql, user.id);
      const name = `Unproven ${kyc} ${traderId}`;
      await sql('UPDATE trader_profiles SET name = ? WHERE id = ?', [name, traderId]);
      const all = async () => (await t.http().get('/api/traders?limit=100').expect(200)).body as { items: Array<{ id: number }>; total: number };
      const found = async () => (await t.http().get(`/api/traders?search=${encodeURIComponent(name)}`).expect(200)).body.total as number;
      expect((await all()).items.map((x) => x.id)).not.toContain(traderId);
      expect(await found()).toBe(0);
      expect((await t.http().get(`/api/traders/${traderId}`).expect(404)).body.code).toBe('COPY.TRADER_NOT_FOUND');
      // Not public: following it looks like following a missing trader, and no money moves.
      const follow = await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId, amount: '10.00' });
      expect(follow.status).toBe(404);
      expect(await sql('SELECT 1 FROM copies WHERE trader_id = ?', [traderId])).toHaveLength(0);

      // The admin verifies the trader: listed at once (the KYC change drops the public cache).
      await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, KYC: 'Verified' }).expect(200);
      expect((await all()).items.map((x) => x.id)).toContain(traderId);
      expect(await found()).toBe(1);
      expect((await t.http().get(`/api/traders/${traderId}`).expect(200)).body).toMatchObject({ id: traderId, name });
      // …and unlisted again as soon as the verification is withdrawn.
      await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, KYC: 'Pending' }).expect(200);
      await t.http().get(`/api/traders/${traderId}`).expect(404);
      expect(await found()).toBe(0);
    }
  });

  describe('GET traders/:id/performance (the trader page\'s charts)', () => {
    it('the equity curve compounds the closed trades from 0 % at the period start; monthly returns; copier trend; documented schema', async () => {
      const contract = await Contract.of(t);
      const allRes = await t.http().get('/api/traders/2/performance?period=all').expect(200);
      contract.check(allRes);
      const all = allRes.body;
      expect(all.period).toBe('all');
      expect(all.equityCurve[0].returnPct).toBe(0);
      const [row] = await sql<{ total: number; first: string; trades: string }>(
        `SELECT (exp(sum(ln(1 + pnl_pct::float8 * allocation_pct / 10000))) - 1) * 100 AS total,
                to_char(min(closed_at AT TIME ZONE 'UTC')::date - 1, 'YYYY-MM-DD') AS first, count(*) AS trades
         FROM trader_trades WHERE trader_id = 2 AND status = 'closed'`,
      );
      expect(all.equityCurve[0].date).toBe(row.first);
      expect(all.periodReturnPct).toBeCloseTo(Number(row.total), 1);
      expect(all.equityCurve[all.equityCurve.length - 1]).toEqual({ date: new Date().toISOString().slice(0, 10), returnPct: all.periodReturnPct });
      const dates = all.equityCurve.map((p: { date: string }) => p.date);
      expect([...dates].sort()).toEqual(dates);
      // Months: the demo history lies in the last 12 months, so they hold every closed trade.
      expect(all.monthlyReturns.reduce((n: number, m: { trades: number }) => n + m.trades, 0)).toBe(Number(row.trades));
      expect(all.copierTrend).toHaveLength(30);
      // 1M starts 30 days back at 0 %, whatever came before.
      const month = (await t.http().get('/api/traders/2/performance?period=1M').expect(200)).body;
      expect(month.equityCurve[0]).toEqual({ date: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), returnPct: 0 });
      expect(month.monthlyReturns).toEqual(all.monthlyReturns);
      expect((await t.http().get('/api/traders/2/performance').expect(200)).body.period).toBe('1Y');
      expect((await t.http().get('/api/traders/2/performance?period=5Y').expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await t.http().get('/api/traders/999/performance').expect(404)).body.code).toBe('COPY.TRADER_NOT_FOUND');
    });

    it('open positions: symbol, side and unrealized pnl % at the market, never a size; the copier trend counts live copies; unverified → 404', async () => {
      const user = await createUser(t, { roles: ['User', 'Trader'] });
      const traderId = await fx.insertTraderProfile(sql, user.id);
      const f = await createUser(t, { kyc: 'Verified' });
      await fx.fundCash(sql, f.id, 50_000);
      await t.http().post('/api/copies').set('Authorization', f.bearer).send({ traderId, amount: '100.00' }).expect(201);
      await openAt(t, user.bearer, '200', { symbol: 'ETHUSDT', side: 'sell', allocationPct: 30 }).expect(201);
      await setQuote(t, 'ETHUSDT', '189', '190'); // a sell is marked at the ask: (200 − 190) / 200 = +5 %
      const perf = (await t.http().get(`/api/traders/${traderId}/performance`).expect(200)).body;
      expect(perf.openPositions).toEqual([{ symbol: 'ETHUSDT', side: 'sell', openedAt: expect.any(String), unrealizedPnlPct: 5 }]);
      expect(JSON.stringify(perf.openPositions)).not.toMatch(/size|allocation|entry|amount/i);
      expect(perf.copierTrend[perf.copierTrend.length - 1].copiers).toBe(1);
      // No closed trade yet: today's point is the open trade at its mark, as the statistics count it (+5 % × 30 %).
      expect(perf.equityCurve.map((p: { returnPct: number }) => p.returnPct)).toEqual([0, 1.5]);
      await sql("UPDATE users SET kyc_status = 'Pending' WHERE id = ?", [user.id]);
      await t.http().get(`/api/traders/${traderId}/performance`).expect(404);
    });

    it('the list\'s cards carry a 30-day equity-curve sparkline compounded from the daily returns', async () => {
      const items = (await t.http().get('/api/traders?limit=100').expect(200)).body.items as Array<{ id: number; equityCurve30d: number[] }>;
      const two = items.find((x) => x.id === 2)!;
      expect(two.equityCurve30d).toHaveLength(30);
      const [row] = await sql<{ total: number | null }>(
        `SELECT (exp(sum(ln(1 + r / 100))) - 1) * 100 AS total FROM (
           SELECT sum(pnl_pct * allocation_pct / 100)::float8 AS r FROM trader_trades
           WHERE trader_id = 2 AND status = 'closed' AND (closed_at AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE 'UTC')::date - 29
           GROUP BY (closed_at AT TIME ZONE 'UTC')::date) d`,
      );
      expect(two.equityCurve30d[29]).toBeCloseTo(Number(row.total ?? 0), 1);
    });
  });

  it('documents the copy-trading and notification routes in a valid OpenAPI document', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
    for (const path of ['/api/traders', '/api/traders/{id}', '/api/traders/me', '/api/copies', '/api/copies/{id}/funds', '/api/copies/{id}/withdraw',
      '/api/copies/{id}/stop', '/api/copies/settings', '/api/trades', '/api/trader/trades', '/api/trader/trades/{id}/close', '/api/trader/followers',
      '/api/notifications', '/api/notifications/{id}/read']) {
      expect(doc.paths[path]).toBeDefined();
    }
    // The open body (product.md §12.5): a market order fills at the market (no price of the client's); `price` and
    // `expiresAt` are a limit or stop entry order's; SL/TP move by PATCH.
    const openBody = doc.components.schemas.OpenTradeDto;
    expect(Object.keys(openBody.properties).sort()).toEqual(['allocationPct', 'expiresAt', 'price', 'side', 'stopLoss', 'symbol', 'takeProfit', 'trailingStopPct', 'type']);
    expect(openBody.properties.type.enum).toEqual(['market', 'limit', 'stop']);
    expect(doc.paths['/api/trader/trades/{id}'].patch).toBeDefined();
    for (const path of ['/api/copies', '/api/copies/{id}/funds', '/api/copies/{id}/withdraw', '/api/copies/{id}/stop', '/api/trader/trades/{id}/close']) {
      expect(doc.paths[path].post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    }
  });
});
