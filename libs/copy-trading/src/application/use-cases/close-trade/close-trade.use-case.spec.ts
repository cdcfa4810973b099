import { TraderOrderQueue } from '../../services/trader-order-queue';
import { inMemoryTrading } from '../../../testing/in-memory-trade-engine';
import { OpenTradeUseCase } from '../open-trade/open-trade.use-case';
import { CloseTradeUseCase, settlementNotices } from './close-trade.use-case';

const tx = { kind: 'transaction' } as const;

function setup() {
  const { clock, uow, ledger, repo, engine, market, notifications, outbox } = inMemoryTrading();
  const open = new OpenTradeUseCase(uow, repo, engine, market, new TraderOrderQueue(), outbox);
  const close = new CloseTradeUseCase(uow, repo, engine, ledger, market, new TraderOrderQueue(), notifications, outbox);
  /** Opens a trade of trader 2 at `price` (bid = ask), copied by alice's copy with 1,000.00 of equity. */
  const opened = async (side: 'buy' | 'sell', price: string, levels: { stopLoss?: string; takeProfit?: string } = {}) => {
    const copyId = await repo.insertCopy(tx, { followerId: 'alice', traderId: 2, invested: 100_000n, stopLossPct: null });
    ledger.balances_.get(await ledger.copyEquityAccount(tx, 'alice', copyId))!.balance = 100_000;
    market.setQuote('BTCUSDT', price, price);
    const { trade } = await open.execute({ traderId: 2, symbol: 'BTCUSDT', side, allocationPct: 50, ...levels });
    return { trade, copyId };
  };
  const total = () => [...ledger.balances_.values()].reduce((sum, a) => sum + a.balance, 0);
  return { clock, uow, ledger, repo, engine, market, notifications, close, opened, total };
}

describe('CloseTradeUseCase (in-memory fakes)', () => {
  it('closes a buy at the bid once, settles every position in the same transaction and moves money only between accounts', async () => {
    const s = setup();
    const { trade, copyId } = await s.opened('buy', '100');
    s.market.setQuote('BTCUSDT', '110', '110.50');
    const runsBefore = s.uow.runs;
    const result = await s.close.execute({ traderId: 2, tradeId: trade.id });
    expect(s.uow.runs).toBe(runsBefore + 1);
    // 500.00 at +10 %: +50.00 to the copy, 20 % of the gain above the mark (10.00) to the trader
    expect(result).toMatchObject({ positions: 1, copiersPnl: '50.00', profitShare: '10.00' });
    expect(result.trade).toMatchObject({ status: 'closed', exitPrice: '110', closeReason: 'manual', pnlPct: '10.0000' });
    expect(s.ledger.equityOf('alice', copyId)).toBe(104_000);
    expect(s.ledger.cashOf('trader')).toBe(1_000);
    expect(s.total()).toBe(100_000); // what the market account paid is what the copy and the trader got
    // The order of docs/copy-trading.md, each step once: nothing ended, so no cash return.
    const id = trade.id;
    expect(s.engine.calls.slice(-6)).toEqual([`lockTrade:${id}`, `close:${id}`, `settle:${id}`, 'release', `notice:closed:${id}`, `totals:${id}`]);
    expect(result.trade).toMatchObject({ copiersPnl: '50.00', copiersFees: '10.00' });
    expect(s.notifications.sent).toEqual([]);
    expect(s.repo.locks.at(-1)).toBe('trader:2:exclusive');
  });

  it('ends a stopping copy with its last position: its equity back to cash and its notice in the transaction, each step once', async () => {
    const s = setup();
    const { trade, copyId } = await s.opened('buy', '100');
    s.repo.copies.get(copyId)!.status = 'stopping';
    s.market.setQuote('BTCUSDT', '90', '90');
    const result = await s.close.execute({ traderId: 2, tradeId: trade.id });
    const id = trade.id;
    expect(s.engine.calls.slice(-7)).toEqual([`lockTrade:${id}`, `close:${id}`, `settle:${id}`, `returnEnded:${id}`, 'release', `notice:closed:${id}`, `totals:${id}`]);
    expect(result).toMatchObject({ positions: 1, copiersPnl: '-50.00', endedCopies: 1 });
    // 1,000.00 − 50.00 back to alice's cash, nothing left in the copy
    expect(s.ledger.equityOf('alice', copyId)).toBe(0);
    expect(s.ledger.cashOf('alice')).toBe(95_000);
    expect(s.total()).toBe(100_000);
    expect(s.notifications.sent).toEqual([
      { userId: 'alice', type: 'copy_ended', title: 'Your copy of Sofia has ended', body: '950.00 USD returned to your balance.', data: { copyId, returned: '95000', trader: 'Sofia' } },
    ]);
  });

  it('closes a sell at the ask; a loss takes no profit share', async () => {
    const s = setup();
    const { trade, copyId } = await s.opened('sell', '100');
    s.market.setQuote('BTCUSDT', '104.50', '105');
    const result = await s.close.execute({ traderId: 2, tradeId: trade.id });
    expect(result).toMatchObject({ copiersPnl: '-25.00', profitShare: '0.00' });
    expect(result.trade).toMatchObject({ exitPrice: '105', pnlPct: '-5.0000' });
    expect(s.ledger.equityOf('alice', copyId)).toBe(97_500);
  });

  it('a second close is 409 TRADE.ALREADY_CLOSED and settles nothing more', async () => {
    const s = setup();
    const { trade } = await s.opened('buy', '100');
    s.market.setQuote('BTCUSDT', '120', '120');
    await s.close.execute({ traderId: 2, tradeId: trade.id });
    const postings = s.ledger.postings.length;
    await expect(s.close.execute({ traderId: 2, tradeId: trade.id })).rejects.toMatchObject({ code: 'TRADE.ALREADY_CLOSED', kind: 'conflict' });
    expect(s.ledger.postings).toHaveLength(postings);
  });

  it("another trader's trade and a missing one look the same (404), and a missing trader is refused first", async () => {
    const s = setup();
    const { trade } = await s.opened('buy', '100');
    await expect(s.close.execute({ traderId: 3, tradeId: trade.id })).rejects.toMatchObject({ code: 'TRADE.NOT_FOUND', kind: 'not_found' });
    await expect(s.close.execute({ traderId: 2, tradeId: '999' })).rejects.toMatchObject({ code: 'TRADE.NOT_FOUND', kind: 'not_found' });
    await expect(s.close.execute({ traderId: 9, tradeId: trade.id })).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
    expect((await s.engine.trade(null, trade.id))!.status).toBe('open');
  });

  it('a closed market or a stale quote leaves the trade open; a move past 999,999× is TRADE.PRICE_OUT_OF_RANGE', async () => {
    const s = setup();
    const { trade } = await s.opened('buy', '0.0001');
    s.clock.advance(11_000);
    await expect(s.close.execute({ traderId: 2, tradeId: trade.id })).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE' });
    s.market.setQuote('BTCUSDT', '100000', '100000');
    await expect(s.close.execute({ traderId: 2, tradeId: trade.id })).rejects.toMatchObject({ code: 'TRADE.PRICE_OUT_OF_RANGE', kind: 'validation' });
    expect((await s.engine.trade(null, trade.id))!.status).toBe('open');
    expect(s.ledger.postings).toEqual([]);
  });

  describe('closeAtLevel (the price watcher)', () => {
    it('closes at the quote that crossed the level, with its reason, re-checked under the locks', async () => {
      const s = setup();
      const { trade } = await s.opened('buy', '100', { stopLoss: '90', takeProfit: '120' });
      const quote = { symbol: 'BTCUSDT', bid: '89.50', ask: '89.60', time: s.clock.now() };
      const result = await s.close.closeAtLevel(2, trade.id, quote);
      expect(result?.trade).toMatchObject({ status: 'closed', exitPrice: '89.5', closeReason: 'stop_loss' });
      const tp = await s.opened('sell', '100', { takeProfit: '80' });
      const tpResult = await s.close.closeAtLevel(2, tp.trade.id, { symbol: 'BTCUSDT', bid: '79', ask: '79.90', time: s.clock.now() });
      expect(tpResult?.trade).toMatchObject({ exitPrice: '79.9', closeReason: 'take_profit' });
    });

    it('leaves alone (null) a trade already closed, a quote of another symbol, or a level no longer crossed', async () => {
      const s = setup();
      const { trade } = await s.opened('buy', '100', { stopLoss: '90' });
      const crossing = { symbol: 'BTCUSDT', bid: '89', ask: '89', time: s.clock.now() };
      expect(await s.close.closeAtLevel(2, trade.id, { ...crossing, symbol: 'EURUSD' })).toBeNull();
      expect(await s.close.closeAtLevel(2, trade.id, { ...crossing, bid: '95' })).toBeNull();
      await s.engine.setLevels(tx, trade.id, { stopLoss: null, takeProfit: null, trailingStopPct: null }); // the trader cleared it meanwhile
      expect(await s.close.closeAtLevel(2, trade.id, crossing)).toBeNull();
      await s.engine.setLevels(tx, trade.id, { stopLoss: '90', takeProfit: null, trailingStopPct: null });
      expect(await s.close.closeAtLevel(2, trade.id, crossing)).not.toBeNull();
      expect(await s.close.closeAtLevel(2, trade.id, crossing)).toBeNull();
      expect(s.engine.calls.filter((c) => c.startsWith('settle:'))).toHaveLength(1);
    });
  });
});

describe('settlementNotices', () => {
  const flag = (copyId: string, hits: { stopLossHit?: boolean; takeProfitHit?: boolean; ends?: boolean }, equity = 60000n) => ({
    copyId,
    followerId: `user-${copyId}`,
    stopLossHit: false,
    takeProfitHit: false,
    ends: false,
    equity,
    ...hits,
  });

  it('tells each tripped copy first (stop losses, then take profits), then each ended one with what it returned', () => {
    const notices = settlementNotices('Ada', [flag('1', { takeProfitHit: true, ends: true }, 125050n), flag('2', { stopLossHit: true }), flag('3', {})]);
    expect(notices).toEqual([
      { userId: 'user-2', type: 'guard_hit', title: 'Stop loss reached: your copy of Ada stops', body: 'Your copy equity fell to its stop loss.', data: { copyId: '2', guard: 'stop_loss', trader: 'Ada' } },
      { userId: 'user-1', type: 'guard_hit', title: 'Take profit reached: your copy of Ada stops', body: 'Your copy equity reached its take profit.', data: { copyId: '1', guard: 'take_profit', trader: 'Ada' } },
      { userId: 'user-1', type: 'copy_ended', title: 'Your copy of Ada has ended', body: '1250.50 USD returned to your balance.', data: { copyId: '1', returned: '125050', trader: 'Ada' } },
    ]);
  });

  it('says nothing for a settlement that tripped and ended no copy', () => {
    expect(settlementNotices('Ada', [flag('3', {})])).toEqual([]);
  });
});
