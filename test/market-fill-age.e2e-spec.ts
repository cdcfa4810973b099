import { PriceWatcher } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { TestMarketFeed } from '@mirrorline/market/testing';
import { Clock } from '@mirrorline/shared';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * product.md §11.1: a fill uses a quote at most MARKET_MAX_FILL_AGE_MS old (default 2000), else 503
 * MARKET.NO_QUOTE with Retry-After, and nothing is written; MARKET_MAX_QUOTE_AGE still decides what marks call
 * stale. Driven by the app's Clock, held still and moved by hand (no waiting): a quote is stored at the Clock's
 * now, then the Clock moves on.
 */
describe('fills need a quote at most MARKET_MAX_FILL_AGE_MS old', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let now = Date.now();
  const feed = () => t.app.get(TestMarketFeed);

  beforeAll(async () => {
    // '' = unset: the real default (2000 ms), not the 10 s createTestApp gives other specs.
    t = await createTestApp({ MARKET_MAX_FILL_AGE_MS: '' });
    sql = t.sql as fx.Sql;
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });

  async function trader(): Promise<TestUser & { traderId: number }> {
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    return { ...user, traderId: await fx.insertTraderProfile(sql, user.id, 20) };
  }
  async function followerOf(traderId: number): Promise<TestUser> {
    const user = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, user.id, 200_000); // cents
    await t.http().post('/api/copies').set('Authorization', user.bearer).send({ traderId, amount: '1000.00' }).expect(201);
    return user;
  }
  const open = (who: TestUser, body: Record<string, unknown> = {}) =>
    t.http().post('/api/trader/trades').set('Authorization', who.bearer).send({ symbol: 'BTCUSDT', side: 'buy', allocationPct: 50, ...body });
  const close = (who: TestUser, id: string) => t.http().post(`/api/trader/trades/${id}/close`).set('Authorization', who.bearer).send({});
  const trades = async (traderId: number) => (await sql<{ n: string }>('SELECT count(*) AS n FROM trader_trades WHERE trader_id = ?', [traderId]))[0].n;

  it('defaults to 2000 ms', () => {
    expect(t.config.marketMaxFillAgeMs).toBe(2000);
    expect(t.config.marketMaxQuoteAgeMs).toBe(10_000);
  });

  it('an open fills on a quote 2000 ms old; 1 ms older is a 503 MARKET.NO_QUOTE with Retry-After, and nothing is written', async () => {
    const tr = await trader();
    const f = await followerOf(tr.traderId);
    await feed().setQuote('BTCUSDT', '50000', '50010');
    now += 2000;
    const filled = await open(tr).expect(201);
    expect(filled.body.trade.entryPrice).toBe('50010');

    await feed().setQuote('BTCUSDT', '50100', '50110');
    now += 2001;
    const refused = await open(tr).expect(503);
    expect(refused.body).toEqual({ statusCode: 503, code: 'MARKET.NO_QUOTE', message: 'No fresh quote for BTCUSDT: try again in a moment' });
    expect(refused.headers['retry-after']).toBe('1');
    expect(await trades(tr.traderId)).toBe('1');
    expect(await sql('SELECT 1 FROM copy_positions p JOIN copies c ON c.id = p.copy_id WHERE c.trader_id = ?', [tr.traderId])).toHaveLength(1);

    // Still fresh for marks (≤ MARKET_MAX_QUOTE_AGE): the open trade is marked at that quote, the quote is served.
    const marked = (await t.http().get('/api/trader/trades?status=open').set('Authorization', tr.bearer).expect(200)).body.items[0];
    expect(marked).toMatchObject({ markPrice: '50100' });
    const position = (await t.http().get('/api/trades?status=open').set('Authorization', f.bearer).expect(200)).body.items[0];
    expect(position).toMatchObject({ markPrice: '50100' });

    // A new quote: it fills again.
    await feed().setQuote('BTCUSDT', '50200', '50210');
    expect((await open(tr).expect(201)).body.trade.entryPrice).toBe('50210');
  });

  it('a close on a quote older than 2 s is refused the same way, and goes through on the next quote', async () => {
    const tr = await trader();
    await followerOf(tr.traderId);
    await feed().setQuote('ETHUSDT', '3000', '3001');
    const id = (await open(tr, { symbol: 'ETHUSDT' }).expect(201)).body.trade.id as string;
    now += 2001;
    const refused = await close(tr, id).expect(503);
    expect(refused.body.code).toBe('MARKET.NO_QUOTE');
    expect(refused.headers['retry-after']).toBe('1');
    expect((await sql<{ status: string }>('SELECT status FROM trader_trades WHERE id = ?', [id]))[0].status).toBe('open');
    expect(await sql('SELECT 1 FROM copy_positions WHERE trade_id = ? AND settled', [id])).toHaveLength(0);
    await feed().setQuote('ETHUSDT', '3100', '3101');
    expect((await close(tr, id).expect(200)).body.trade).toMatchObject({ status: 'closed', exitPrice: '3100' });
  });

  it('the price watcher fills a stop loss on a quote young enough only', async () => {
    const tr = await trader();
    await followerOf(tr.traderId);
    await feed().setQuote('SOLUSDT', '150', '150');
    const id = (await open(tr, { symbol: 'SOLUSDT', stopLoss: '140' }).expect(201)).body.trade.id as string;
    const watcher = t.app.get(PriceWatcher);
    // A quote past the level, but dated 2001 ms before now (a feed that lags): the watcher does not fill on it.
    await feed().setQuote('SOLUSDT', '139', '139', new Date(now - 2001));
    await watcher.idle();
    expect((await sql<{ status: string }>('SELECT status FROM trader_trades WHERE id = ?', [id]))[0].status).toBe('open');
    // The next quote, just made: closed at it.
    await feed().setQuote('SOLUSDT', '138.5', '138.5');
    await watcher.idle();
    const [row] = await sql<{ status: string; close_reason: string; exit: string }>(
      'SELECT status, close_reason, trim_scale(exit_price)::text AS exit FROM trader_trades WHERE id = ?',
      [id],
    );
    expect(row).toEqual({ status: 'closed', close_reason: 'stop_loss', exit: '138.5' });
  });
});
