import { CloseOutCopiesUseCase, CloseTradeUseCase, OpenTradeUseCase, PriceWatchStore } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { setQuote } from '../support/market';
import { createTestContext, type TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * The copy engine's money rules on the real database, through the use cases (no HTTP): fan-out sizing and skips,
 * the settlement (pnl toward zero, high-water-mark profit share, stop loss, the end of stopping copies) and the
 * copy stop loss on live equity (close-out). The ledger check holds after every case. The routes and their
 * answers are the e2e specs' (test/copy-trading-*.e2e-spec.ts).
 */
describe('copy engine on PostgreSQL: fan-out, settlement, close-out', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let open: OpenTradeUseCase;
  let close: CloseTradeUseCase;
  beforeAll(async () => {
    t = await createTestContext({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
    open = t.app.get(OpenTradeUseCase);
    close = t.app.get(CloseTradeUseCase);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.delivered();
    expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  });

  async function trader(share = 20) {
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    return { userId: user.id, traderId: await fx.insertTraderProfile(sql, user.id, share) };
  }
  async function copy(traderId: number, cents: number, options: { stopLossPct?: number; status?: 'active' | 'paused' | 'stopping' } = {}) {
    const follower = await createUser(t, { kyc: 'Verified' });
    return { followerId: follower.id, copyId: await fx.insertCopy(sql, { followerId: follower.id, traderId, cents, ...options }) };
  }
  const copyRow = async (copyId: string) =>
    (await sql<{ status: string; invested: string; high_water_mark: string; stop_reason: string | null }>('SELECT status, invested::text, high_water_mark::text, stop_reason FROM copies WHERE id = ?', [copyId]))[0];
  const openAt = async (traderId: number, price: string, body: { side?: 'buy' | 'sell'; allocationPct: number; symbol?: string }) => {
    const symbol = body.symbol ?? 'ETHUSDT';
    await setQuote(t, symbol, price);
    return open.execute({ traderId, symbol, side: body.side ?? 'buy', allocationPct: body.allocationPct });
  };
  const closeAt = async (traderId: number, tradeId: string, symbol: string, price: string) => {
    await setQuote(t, symbol, price);
    return close.execute({ traderId, tradeId });
  };

  it('the product example to the cent: 500.00, 50 %, +10 %, share 20 %', async () => {
    const tr = await trader(20);
    const c = await copy(tr.traderId, 50_000);
    const opened = await openAt(tr.traderId, '100', { allocationPct: 50 });
    expect(opened).toMatchObject({ copied: 1, committed: '250.00', skipped: {} });
    const marketBefore = await fx.platformMarket(sql);
    const closed = await closeAt(tr.traderId, opened.trade.id, 'ETHUSDT', '110');
    expect(closed).toMatchObject({ positions: 1, copiersPnl: '25.00', profitShare: '5.00', endedCopies: 0, stopLossHit: 0 });
    expect(closed.trade).toMatchObject({ status: 'closed', pnlPct: '10.0000', copiersPnl: '25.00', copiersFees: '5.00', closeReason: 'manual' });
    expect(await fx.copyEquityOf(sql, c.copyId)).toBe(52_000n);
    expect(await fx.cashOf(sql, tr.userId)).toBe(500n);
    expect(await fx.platformMarket(sql)).toBe(marketBefore - 2_500n);
    expect(await copyRow(c.copyId)).toMatchObject({ status: 'active', high_water_mark: '52000' });
    await expect(close.execute({ traderId: tr.traderId, tradeId: opened.trade.id })).rejects.toMatchObject({ code: 'TRADE.ALREADY_CLOSED' });
    expect(await fx.copyEquityOf(sql, c.copyId)).toBe(52_000n);
  });

  it('a sell loss rounds toward zero and takes no fee under the mark; the next gain pays only above the mark', async () => {
    const tr = await trader(30);
    const c = await copy(tr.traderId, 33_333);
    const losing = await openAt(tr.traderId, '3', { side: 'sell', allocationPct: 100 });
    // sell 3 → 3.01: −33333 × 0.01 / 3 = −111.11 cents → −111
    expect(await closeAt(tr.traderId, losing.trade.id, 'ETHUSDT', '3.01')).toMatchObject({ copiersPnl: '-1.11', profitShare: '0.00' });
    expect(await fx.copyEquityOf(sql, c.copyId)).toBe(33_222n);
    const winning = await openAt(tr.traderId, '100', { allocationPct: 100 });
    // +1 %: 33222 × 1 / 100 = 332.22 → equity 335.54, mark 333.33: 30 % of 2.21 = 0.66
    expect(await closeAt(tr.traderId, winning.trade.id, 'ETHUSDT', '101')).toMatchObject({ copiersPnl: '3.32', profitShare: '0.66' });
    expect(await copyRow(c.copyId)).toMatchObject({ high_water_mark: String(33_554 - 66) });
  });

  it('fan-out skips paused, stopping and too small copies, each with its reason', async () => {
    const tr = await trader();
    const active = await copy(tr.traderId, 10_000);
    const paused = await copy(tr.traderId, 10_000, { status: 'paused' });
    const stopping = await copy(tr.traderId, 10_000, { status: 'stopping' });
    const tiny = await copy(tr.traderId, 1); // 10 % of 1 cent is 0
    const opened = await openAt(tr.traderId, '50', { allocationPct: 10 });
    expect(opened).toMatchObject({ copied: 1, committed: '10.00', skipped: { paused: 1, stopping: 1, zero_size: 1 } });
    const skips = await sql<{ copy_id: string; reason: string }>('SELECT copy_id, reason FROM copy_skips WHERE trade_id = ? ORDER BY reason', [opened.trade.id]);
    expect(skips).toEqual([
      { copy_id: paused.copyId, reason: 'paused' },
      { copy_id: stopping.copyId, reason: 'stopping' },
      { copy_id: tiny.copyId, reason: 'zero_size' },
    ]);
    const positions = await sql<{ copy_id: string }>('SELECT copy_id FROM copy_positions WHERE trade_id = ?', [opened.trade.id]);
    expect(positions).toEqual([{ copy_id: active.copyId }]);
    await closeAt(tr.traderId, opened.trade.id, 'ETHUSDT', '50');
  });

  it('a quote that brings a copy to its stop loss closes it out at once (the price watcher hears every stored quote)', async () => {
    const tr = await trader();
    const c = await copy(tr.traderId, 10_000, { stopLossPct: 60 });
    const opened = await openAt(tr.traderId, '100', { allocationPct: 100 });
    await setQuote(t, 'ETHUSDT', '55'); // −45.00: live equity 55.00 ≤ 60 % of 100.00
    expect(await copyRow(c.copyId)).toMatchObject({ status: 'stopped', stop_reason: 'stop_loss' });
    expect(await fx.copyEquityOf(sql, c.copyId)).toBe(0n);
    expect(await fx.cashOf(sql, c.followerId)).toBe(5_500n);
    // the trade's own close later has nothing left to settle for that copy
    expect(await closeAt(tr.traderId, opened.trade.id, 'ETHUSDT', '55')).toMatchObject({ positions: 0, copiersPnl: '0.00' });
  });

  it('a stopping copy ends at the settlement of its last open position, not before', async () => {
    const tr = await trader();
    const c = await copy(tr.traderId, 10_000);
    const first = await openAt(tr.traderId, '100', { allocationPct: 50, symbol: 'ETHUSDT' });
    const second = await openAt(tr.traderId, '10', { allocationPct: 50, symbol: 'SOLUSDT' });
    await sql("UPDATE copies SET status = 'stopping' WHERE id = ?", [c.copyId]);
    expect(await closeAt(tr.traderId, first.trade.id, 'ETHUSDT', '100')).toMatchObject({ endedCopies: 0 });
    expect((await copyRow(c.copyId)).status).toBe('stopping');
    expect(await closeAt(tr.traderId, second.trade.id, 'SOLUSDT', '11')).toMatchObject({ endedCopies: 1 });
    expect(await copyRow(c.copyId)).toMatchObject({ status: 'stopped' });
    expect(await fx.copyEquityOf(sql, c.copyId)).toBe(0n);
    expect(await fx.cashOf(sql, c.followerId)).toBeGreaterThan(10_000n);
  });

  it('close-out: a copy at its stop loss on live equity settles its positions at the quotes, once', async () => {
    const tr = await trader();
    const c = await copy(tr.traderId, 10_000, { stopLossPct: 70 });
    const safe = await copy(tr.traderId, 10_000); // no stop loss: never tripped
    const opened = await openAt(tr.traderId, '100', { allocationPct: 100, symbol: 'SOLUSDT' });
    const store = t.app.get(PriceWatchStore);
    const at = (price: string) => [{ symbol: 'SOLUSDT', bid: price, ask: price, time: new Date() }];
    // live equity 70.01 > 70 % of 100.00: the pre-filter may name it (a cent above), the close-out's exact check keeps it
    expect(await t.app.get(CloseOutCopiesUseCase).execute(await store.trippedCopies(at('70.01')), at('70.01'))).toMatchObject({ copies: 0, positions: 0 });
    expect((await copyRow(c.copyId)).status).toBe('active');
    const tripped = await store.trippedCopies(at('70'));
    expect(tripped).toEqual([{ copyId: c.copyId, traderId: tr.traderId }]);
    const result = await t.app.get(CloseOutCopiesUseCase).execute(tripped, at('70'));
    expect(result).toEqual({ copies: 1, positions: 1, ended: 1, pnl: -3_000n });
    expect(await copyRow(c.copyId)).toMatchObject({ status: 'stopped', stop_reason: 'stop_loss' });
    expect(await fx.cashOf(sql, c.followerId)).toBe(7_000n);
    // Again at the same quotes: re-checked under the locks, nothing left to close out.
    expect(await t.app.get(CloseOutCopiesUseCase).execute(tripped, at('70'))).toMatchObject({ copies: 0, positions: 0 });
    // The trade itself stays open for the other copy, and settles it alone.
    expect(await closeAt(tr.traderId, opened.trade.id, 'SOLUSDT', '100')).toMatchObject({ positions: 1 });
    expect(await fx.copyEquityOf(sql, safe.copyId)).toBe(10_000n);
  });
});
