import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt, setQuote } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/**
 * product.md §11.3, the cherry-picker of issue 25: open trades on both sides, close only the winners, leave the
 * losers open. The public statistics (list and profile) count the open trades at their marks: the open losers are
 * losing trades, their loss is in the 30-day ROI and in the drawdown, the open trades and their return are shown,
 * and the risk score sees what is held. The figures follow the quotes while the trades stay open.
 */
describe('statistics that cannot be cherry-picked', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let tr: TestUser & { traderId: number };
  const losers = ['ETHUSDT', 'SOLUSDT', 'BNBUSDT'];
  const openLosers: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    tr = { ...user, traderId: await fx.insertTraderProfile(sql, user.id, 20) };
    // A copier, so that the trades fan out as they would for real.
    const follower = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, follower.id, 1_000_000);
    await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId: tr.traderId, amount: '5000.00' }).expect(201);
  });
  afterAll(() => t.close());

  const profile = async () => (await t.http().get(`/api/traders/${tr.traderId}`).expect(200)).body;
  const listed = async () => (await t.http().get('/api/traders?limit=100').expect(200)).body.items.find((x: { id: number }) => x.id === tr.traderId);
  const figures = (x: Record<string, unknown>) => ({
    closedTrades: x.closedTrades,
    openTrades: x.openTrades,
    tradingAccuracy: x.tradingAccuracy,
    openPnlPct: x.openPnlPct,
    roi30d: x.roi30d,
    maxDrawdown: x.maxDrawdown,
    riskScore: x.riskScore,
  });

  it('winners closed, losers left open: accuracy, ROI and drawdown tell the truth, on the profile and in the list', async () => {
    // Three trades opened at 100 on 20 % each; their prices fall to 90 and they are left open.
    for (const symbol of losers) {
      openLosers[symbol] = (await openAt(t, tr.bearer, '100', { symbol, allocationPct: 20 }).expect(201)).body.trade.id;
      await setQuote(t, symbol, '90');
    }
    // Three winners, each closed at +10 % (+2 % of a copier's equity each).
    for (let i = 0; i < 3; i++) {
      const id = (await openAt(t, tr.bearer, '100', { symbol: 'BTCUSDT', allocationPct: 20 }).expect(201)).body.trade.id;
      await closeAt(t, tr.bearer, id, '110').expect(200);
    }
    // The open losers took 20 % of the free equity each as they opened: 0.2 + 0.16 + 0.128 = 0.488 of a copier's
    // equity, now at −10 %: −4.88 %. Accuracy 3 wins of 6 trades judged; ROI 6 − 4.88; the curve's peak after the
    // winners falls by 4.88 %; 49 % of the equity held in crypto is a risk of 8 (docs/copy-trading.md).
    const truth = { closedTrades: 3, openTrades: 3, tradingAccuracy: 50, openPnlPct: -4.88, roi30d: 1.12, maxDrawdown: 4.88, riskScore: 8 };
    expect(figures(await profile())).toEqual(truth);
    expect(figures(await listed())).toEqual(truth);
    // What the closed trades alone would have claimed: 100 % accuracy, +6 %, no drawdown.
    const [closedOnly] = await sql<{ wins: string; n: string }>(
      "SELECT count(*) FILTER (WHERE pnl_pct > 0) AS wins, count(*) AS n FROM trader_trades WHERE trader_id = ? AND status = 'closed'",
      [tr.traderId],
    );
    expect(closedOnly).toEqual({ wins: '3', n: '3' });
    // The trader page's equity curve ends with the same open loss (compounded: 1.02³ × (1 − 0.0488)).
    const performance = (await t.http().get(`/api/traders/${tr.traderId}/performance?period=all`).expect(200)).body;
    expect(performance.periodReturnPct).toBe(Math.round((1.02 ** 3 * (1 - 0.0488) - 1) * 10_000) / 100);
  });

  it('the figures follow the marks while the trades stay open (an open trade back at its entry is no loss)', async () => {
    for (const symbol of losers) await setQuote(t, symbol, '100');
    expect(figures(await profile())).toMatchObject({ openTrades: 3, tradingAccuracy: 100, openPnlPct: 0, roi30d: 6, maxDrawdown: 0 });
    // One of them turns into a winner: still not a win until it closes, but its gain counts (+10 % × 0.2).
    await setQuote(t, 'ETHUSDT', '110');
    expect(figures(await listed())).toMatchObject({ openTrades: 3, tradingAccuracy: 100, openPnlPct: 2, roi30d: 8 });
    for (const symbol of losers) await setQuote(t, symbol, '90');
    expect(figures(await listed())).toMatchObject({ tradingAccuracy: 50, openPnlPct: -4.88 });
  });

  it('once the losers close, the closed record says the same and nothing is open', async () => {
    for (const symbol of losers) await closeAt(t, tr.bearer, openLosers[symbol], '90').expect(200);
    const after = figures(await profile());
    // 3 wins of 6 closed; today's returns: +6 − 6 = 0 (the drawdown of the curve stays where the losses put it).
    expect(after).toMatchObject({ closedTrades: 6, openTrades: 0, openPnlPct: 0, tradingAccuracy: 50, roi30d: 0, riskScore: 1 });
    expect(after.maxDrawdown).toBeCloseTo(100 * (1 - 0.98 ** 3), 2);
    expect(figures(await listed())).toEqual(after);
  });
});
