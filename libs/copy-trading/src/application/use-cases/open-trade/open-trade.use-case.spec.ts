import { TraderOrderQueue } from '../../services/trader-order-queue';
import { inMemoryTrading } from '../../../testing/in-memory-trade-engine';
import { OpenTradeUseCase } from './open-trade.use-case';

function setup() {
  const fakes = inMemoryTrading();
  fakes.market.setQuote('BTCUSDT', '50000', '50010.50');
  return { ...fakes, open: new OpenTradeUseCase(fakes.uow, fakes.repo, fakes.engine, fakes.market, new TraderOrderQueue(), fakes.outbox) };
}

/** A copy of trader 2 with `equity` cents on its equity account. */
async function copyWith(s: ReturnType<typeof setup>, follower: string, equity: number, status: 'active' | 'paused' | 'stopping' = 'active') {
  const id = await s.repo.insertCopy({ kind: 'transaction' }, { followerId: follower, traderId: 2, invested: BigInt(equity), stopLossPct: null });
  s.repo.copies.get(id)!.status = status;
  const account = await s.ledger.copyEquityAccount({ kind: 'transaction' }, follower, id);
  s.ledger.balances_.get(account)!.balance = equity;
  return id;
}

describe('OpenTradeUseCase (in-memory fakes)', () => {
  it('fills a buy at the ask and a sell at the bid of the quote, in canonical form, under the trader exclusive lock in one transaction', async () => {
    const s = setup();
    const buy = await s.open.execute({ traderId: 2, symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 });
    expect(buy.trade).toMatchObject({ symbol: 'BTCUSDT', market: 'Crypto', side: 'buy', entryPrice: '50010.5', status: 'open', allocationPct: 10 });
    const sell = await s.open.execute({ traderId: 2, symbol: 'BTCUSDT', side: 'sell', allocationPct: 10, stopLoss: '51000.000', takeProfit: '49000.10' });
    expect(sell.trade).toMatchObject({ side: 'sell', entryPrice: '50000', stopLoss: '51000', takeProfit: '49000.1' });
    expect(s.repo.locks).toEqual(['trader:2:exclusive', 'trader:2:exclusive']);
    expect(s.uow.runs).toBe(2);
    expect(s.engine.calls).toEqual(['insert', 'fanOut', 'counts:1', 'insert', 'fanOut', 'counts:2']);
  });

  it('fans out to every active copy at its allocation of free equity and reports the skipped ones by reason', async () => {
    const s = setup();
    const a = await copyWith(s, 'alice', 100_000);
    await copyWith(s, 'bob', 50_000, 'paused');
    await copyWith(s, 'carol', 50_000, 'stopping');
    await copyWith(s, 'dave', 5); // 10 % of 5 cents is 0: nothing to open
    const result = await s.open.execute({ traderId: 2, symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 });
    expect(result).toMatchObject({ copied: 1, committed: '100.00', skipped: { paused: 1, stopping: 1, zero_size: 1 } });
    expect(result.trade).toMatchObject({ copiedCount: 1, skippedCount: 3 });
    expect(s.engine.positions).toEqual([expect.objectContaining({ copyId: a, size: 10_000n })]);
    expect(s.ledger.postings).toEqual([]); // opening moves no money
  });

  it('refuses an unknown symbol before any transaction, and a missing, unlisted or unverified trader inside it', async () => {
    const s = setup();
    // thrown by execute itself, before it returns the transaction's promise
    expect(() => s.open.execute({ traderId: 2, symbol: 'NOPE', side: 'buy', allocationPct: 10 })).toThrow(expect.objectContaining({ code: 'MARKET.UNKNOWN_SYMBOL', kind: 'validation' }));
    expect(s.uow.runs).toBe(0);
    await expect(s.open.execute({ traderId: 9, symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 })).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
    s.repo.traders.set(3, { id: 3, userId: 'gone', name: 'Gone', sharePct: 20, maxCopiers: 10, minCopyAmount: 1000, listed: false, kycVerified: true });
    await expect(s.open.execute({ traderId: 3, symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 })).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
    s.repo.traders.set(4, { id: 4, userId: 'new', name: 'New', sharePct: 20, maxCopiers: 10, minCopyAmount: 1000, listed: true, kycVerified: false });
    await expect(s.open.execute({ traderId: 4, symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 })).rejects.toMatchObject({ code: 'KYC_REQUIRED', kind: 'forbidden' });
    expect(s.engine.trades.size).toBe(0);
  });

  it('refuses to fill outside the session or on a stale quote (no trade written)', async () => {
    const s = setup();
    s.market.setQuote('AAPL', '190', '190.05');
    s.clock.set(new Date('2026-01-10T15:00:00.000Z')); // a Saturday
    await expect(s.open.execute({ traderId: 2, symbol: 'AAPL', side: 'buy', allocationPct: 10 })).rejects.toMatchObject({ code: 'MARKET.CLOSED', kind: 'conflict' });
    s.clock.set(new Date('2026-01-05T15:00:11.000Z')); // the BTCUSDT quote is 11 s old
    await expect(s.open.execute({ traderId: 2, symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 })).rejects.toMatchObject({ code: 'MARKET.NO_QUOTE', kind: 'service_unavailable' });
    expect(s.engine.trades.size).toBe(0);
  });

  it.each([
    ['buy', { stopLoss: '50000' }, 'stopLoss of a buy must be below the current price 50000'],
    ['buy', { takeProfit: '49999' }, 'takeProfit of a buy must be above the current price 50000'],
    ['sell', { stopLoss: '50010.5' }, 'stopLoss of a sell must be above the current price 50010.50'],
    ['sell', { takeProfit: '50011' }, 'takeProfit of a sell must be below the current price 50010.50'],
  ] as const)('a %s with %j already crossed is refused: %s', async (side, levels, message) => {
    const s = setup();
    await expect(s.open.execute({ traderId: 2, symbol: 'BTCUSDT', side, allocationPct: 10, ...levels })).rejects.toMatchObject({ code: 'TRADE.INVALID_LEVEL', message });
    expect(s.engine.trades.size).toBe(0);
  });
});
