import { UserInfoExtras } from '@mirrorline/auth';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { setQuote } from './support/market';
import { createUser, type TestUser } from './support/users';
import { useCopyTradingApp } from './support/copy-trading-spec';
import type { TestApp } from './support/test-app';

describe('copy trading: authorization, trade management, blocked, deleted and demoted traders (HTTP against real PostgreSQL)', () => {
  const spec = useCopyTradingApp();
  const { trader, follower, follow, open, close } = spec;
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(() => {
    t = spec.t;
    sql = spec.sql;
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
    const before = (await patch({ name: 'Grace Hopper', image: 'https://cdn.example.com/grace.jpg', share: 15, maxCopiers: 50 }).expect(200)).body;
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
