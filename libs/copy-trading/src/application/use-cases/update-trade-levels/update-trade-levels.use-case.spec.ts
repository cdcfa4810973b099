import { TraderOrderQueue } from '../../services/trader-order-queue';
import { inMemoryTrading } from '../../../testing/in-memory-trade-engine';
import { OpenTradeUseCase } from '../open-trade/open-trade.use-case';
import { UpdateTradeLevelsUseCase } from './update-trade-levels.use-case';

function setup() {
  const { clock, uow, repo, engine, market, outbox } = inMemoryTrading();
  market.setQuote('BTCUSDT', '100', '100');
  const opened = (side: 'buy' | 'sell' = 'buy', levels: { stopLoss?: string; takeProfit?: string } = {}) =>
    new OpenTradeUseCase(uow, repo, engine, market, new TraderOrderQueue(), outbox).execute({ traderId: 2, symbol: 'BTCUSDT', side, allocationPct: 10, ...levels });
  return { clock, repo, engine, market, opened, levels: new UpdateTradeLevelsUseCase(uow, repo, engine, market) };
}

describe('UpdateTradeLevelsUseCase (in-memory fakes)', () => {
  it('moves a level in canonical form and keeps the one not named; null clears it', async () => {
    const s = setup();
    const { trade } = await s.opened('buy', { stopLoss: '90', takeProfit: '120' });
    expect(await s.levels.execute({ traderId: 2, tradeId: trade.id, stopLoss: '95.500' })).toMatchObject({ stopLoss: '95.5', takeProfit: '120' });
    expect(await s.levels.execute({ traderId: 2, tradeId: trade.id, takeProfit: null })).toMatchObject({ stopLoss: '95.5', takeProfit: null });
    expect(s.repo.locks.at(-1)).toBe('trader:2:share');
    expect(s.engine.calls.at(-1)).toBe(`lockTrade:${trade.id}`);
  });

  it('checks a new level against the side and the current close-side price (400 TRADE.INVALID_LEVEL), and changes nothing then', async () => {
    const s = setup();
    const buy = await s.opened('buy', { stopLoss: '90' });
    await expect(s.levels.execute({ traderId: 2, tradeId: buy.trade.id, stopLoss: '100' })).rejects.toMatchObject({ code: 'TRADE.INVALID_LEVEL', kind: 'validation' });
    const sell = await s.opened('sell');
    await expect(s.levels.execute({ traderId: 2, tradeId: sell.trade.id, takeProfit: '101' })).rejects.toMatchObject({ code: 'TRADE.INVALID_LEVEL' });
    expect((await s.engine.trade(null, buy.trade.id))!.stopLoss).toBe('90');
  });

  it('clearing levels needs no quote: it works while the market has none', async () => {
    const s = setup();
    const { trade } = await s.opened('buy', { stopLoss: '90' });
    s.clock.advance(60_000); // the quote is stale now
    expect(await s.levels.execute({ traderId: 2, tradeId: trade.id, stopLoss: null })).toMatchObject({ stopLoss: null });
    await expect(s.levels.execute({ traderId: 2, tradeId: trade.id, stopLoss: '80' })).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE' });
  });

  it("a closed trade is 409; another trader's trade and a missing one are 404; a missing trader is refused", async () => {
    const s = setup();
    const { trade } = await s.opened();
    await expect(s.levels.execute({ traderId: 3, tradeId: trade.id, stopLoss: '90' })).rejects.toMatchObject({ code: 'TRADE.NOT_FOUND' });
    await expect(s.levels.execute({ traderId: 2, tradeId: '404', stopLoss: '90' })).rejects.toMatchObject({ code: 'TRADE.NOT_FOUND' });
    await expect(s.levels.execute({ traderId: 9, tradeId: trade.id, stopLoss: '90' })).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
    await s.engine.closeTrade({ kind: 'transaction' }, trade.id, { exitPrice: '100', quoteTime: s.clock.now(), reason: 'manual' }, '0.0000');
    await expect(s.levels.execute({ traderId: 2, tradeId: trade.id, stopLoss: '90' })).rejects.toMatchObject({ code: 'TRADE.ALREADY_CLOSED', kind: 'conflict' });
  });
});
