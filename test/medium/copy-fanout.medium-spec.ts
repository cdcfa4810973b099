import { CloseTradeUseCase, OpenTradeUseCase } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { setQuote } from '../support/market';
import { createTestContext, type TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * A fan-out large enough (≥ 1,000 positions) for the settlement to take its hash-join path, through the use
 * cases (the HTTP routes are the e2e specs'): every copy gets its position, every position settles once, and
 * the ledger adds up to the cent.
 */
describe('large fan-out and settlement', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestContext({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());

  it('1,500 copies: one open, one close, exact totals', async () => {
    const copies = 1_500;
    const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await fx.insertTraderProfile(sql, trader.id, 25);
    // Followers with copies of 100.00 + i cents each, funded straight from platform_deposits (set-based set-up).
    await fx.insertFundedCopies(sql, traderId, { prefix: 'bulk', count: copies, investedCents: 10_000, stepCents: 1 });
    await setQuote(t, 'BNBUSDT', '134.80');
    const opened = await t.app.get(OpenTradeUseCase).execute({ traderId, symbol: 'BNBUSDT', side: 'buy', allocationPct: 33 });
    expect(opened.copied).toBe(copies);
    const marketBefore = await fx.platformMarket(sql);
    await setQuote(t, 'BNBUSDT', '139.17');
    const closed = await t.app.get(CloseTradeUseCase).execute({ traderId, tradeId: opened.trade.id });
    expect(closed.positions).toBe(copies);
    // Recompute every copy with the SQL of the model: size, pnl toward zero, fee on the gain above the mark.
    const [model] = await sql<{ pnl: string; fee: string }>(
      `WITH m AS (
         SELECT c.invested AS equity, c.invested * 33 / 100 AS size FROM copies c WHERE c.trader_id = ?
       ), p AS (SELECT equity, div(size::numeric * (139.17 - 134.80), 134.80)::bigint AS pnl FROM m)
       SELECT sum(pnl)::text AS pnl, sum(CASE WHEN pnl > 0 THEN pnl * 25 / 100 ELSE 0 END)::text AS fee FROM p`,
      [traderId],
    );
    expect(closed.copiersPnl).toBe(`${BigInt(model.pnl) / 100n}.${String(BigInt(model.pnl) % 100n).padStart(2, '0')}`);
    expect(await fx.platformMarket(sql)).toBe(marketBefore - BigInt(model.pnl));
    expect(await fx.cashOf(sql, trader.id)).toBe(BigInt(model.fee));
    const [{ unsettled }] = await sql<{ unsettled: string }>('SELECT count(*) FILTER (WHERE NOT settled) AS unsettled FROM copy_positions WHERE trade_id = ?', [opened.trade.id]);
    expect(unsettled).toBe('0');
    const [{ marks }] = await sql<{ marks: string }>(
      `SELECT count(*) AS marks FROM copies c JOIN ledger_accounts a ON a.copy_id = c.id WHERE c.trader_id = ? AND c.high_water_mark <> a.balance`,
      [traderId],
    );
    expect(marks).toBe('0'); // every copy gained, so every mark moved to its equity after the fee
    expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  }, 180_000);
});
