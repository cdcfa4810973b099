import { InMemoryMarketQuotes } from '@mirrorline/market/testing';
import { FixedClock } from '@mirrorline/shared';
import { FakeLedger, FakeNotifications, FakeUnitOfWork, InMemoryCopyRepository } from '../../../testing/in-memory-copy-trading';
import { InMemoryOpenTradesStore } from '../../../testing/in-memory-open-trades';
import { CopyOpenTrades } from '../../services/copy-open-trades';
import { TradeEvents, type CopiedPositionEvent } from '../../ports/trade-events';

/** Records what copy open trades publishes. */
class RecordingTradeEvents extends TradeEvents {
  readonly copied: Array<{ followerId: string; traderId: number; positions: CopiedPositionEvent[] }> = [];
  async tradeOpened(): Promise<void> {}
  async tradeClosed(): Promise<void> {}
  override async positionsCopied(_tx: unknown, followerId: string, traderId: number, positions: CopiedPositionEvent[]): Promise<void> {
    this.copied.push({ followerId, traderId, positions });
  }
}
import { AddCopyFundsUseCase } from '../add-copy-funds/add-copy-funds.use-case';
import { ChangeCopyStatusUseCase } from '../change-copy-status/change-copy-status.use-case';
import { WithdrawCopyFundsUseCase } from '../withdraw-copy-funds/withdraw-copy-funds.use-case';
import { FollowTraderUseCase } from './follow-trader.use-case';

function setup() {
  const uow = new FakeUnitOfWork();
  const ledger = new FakeLedger();
  const repo = new InMemoryCopyRepository(ledger);
  const notifications = new FakeNotifications();
  const market = new InMemoryMarketQuotes();
  const openTrades = new InMemoryOpenTradesStore(ledger);
  const events = new RecordingTradeEvents();
  repo.traders.set(2, { id: 2, userId: 'trader', name: 'Sofia', sharePct: 20, maxCopiers: 2, minCopyAmount: 1000, listed: true, kycVerified: true });
  repo.users.set('alice', { emailVerified: true, kycStatus: 'Verified', blocked: false });
  ledger.setCash('alice', 100_000);
  return {
    uow,
    ledger,
    repo,
    notifications,
    market,
    openTrades,
    events,
    follow: new FollowTraderUseCase(uow, repo, ledger, notifications, new CopyOpenTrades(openTrades, market, events)),
    funds: new AddCopyFundsUseCase(uow, repo, ledger),
    withdraw: new WithdrawCopyFundsUseCase(uow, repo, ledger),
    status: new ChangeCopyStatusUseCase(uow, repo, ledger, notifications),
  };
}

describe('copy use cases (in-memory fakes)', () => {
  it('follow moves cash to the copy equity in one transaction, under the trader lock', async () => {
    const s = setup();
    const { copyId } = await s.follow.execute({ userId: 'alice', traderId: 2, amount: 50_000, stopLossPct: null });
    expect(s.ledger.cashOf('alice')).toBe(50_000);
    expect(s.ledger.equityOf('alice', copyId)).toBe(50_000);
    expect(s.ledger.postings[0]).toMatchObject({ type: 'copy_fund', reference: `copy:${copyId}:open` });
    expect(s.repo.copies.get(copyId)).toMatchObject({ invested: 50_000n, highWaterMark: 50_000n, status: 'active' });
    expect(s.repo.locks).toEqual(['trader:2:exclusive']);
    expect(s.uow.runs).toBe(1);
    expect(s.notifications.sent[0]).toMatchObject({ userId: 'alice', type: 'copy_started' });
  });

  it('refuses small amounts, self, unverified users and duplicates with coded errors', async () => {
    const s = setup();
    await expect(s.follow.execute({ userId: 'alice', traderId: 2, amount: 999, stopLossPct: null })).rejects.toMatchObject({ code: 'COPY.AMOUNT_TOO_SMALL' });
    await expect(s.follow.execute({ userId: 'trader', traderId: 2, amount: 5_000, stopLossPct: null })).rejects.toMatchObject({ code: 'COPY.SELF' });
    s.repo.users.set('bob', { emailVerified: true, kycStatus: 'Pending', blocked: false });
    await expect(s.follow.execute({ userId: 'bob', traderId: 2, amount: 5_000, stopLossPct: null })).rejects.toMatchObject({ code: 'KYC_REQUIRED', kind: 'forbidden' });
    await expect(s.follow.execute({ userId: 'alice', traderId: 3, amount: 5_000, stopLossPct: null })).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
    await s.follow.execute({ userId: 'alice', traderId: 2, amount: 5_000, stopLossPct: null });
    await expect(s.follow.execute({ userId: 'alice', traderId: 2, amount: 5_000, stopLossPct: null })).rejects.toMatchObject({ code: 'COPY.ALREADY_COPYING' });
  });

  it("below the trader's own minimum copy: COPY.AMOUNT_TOO_SMALL naming it, and no money moves", async () => {
    const s = setup();
    s.repo.traders.set(2, { ...s.repo.traders.get(2)!, minCopyAmount: 5_000 });
    await expect(s.follow.execute({ userId: 'alice', traderId: 2, amount: 4_999, stopLossPct: null })).rejects.toMatchObject({
      code: 'COPY.AMOUNT_TOO_SMALL',
      message: "This trader's minimum copy is 50.00",
    });
    expect(s.ledger.cashOf('alice')).toBe(100_000);
    await s.follow.execute({ userId: 'alice', traderId: 2, amount: 5_000, stopLossPct: null });
    expect(s.ledger.cashOf('alice')).toBe(95_000);
  });

  it('a blocked follower gets 403 BLOCKED (not EMAIL_NOT_VERIFIED); an unlisted or unverified trader looks missing', async () => {
    const s = setup();
    s.repo.users.set('carol', { emailVerified: true, kycStatus: 'Verified', blocked: true });
    await expect(s.follow.execute({ userId: 'carol', traderId: 2, amount: 5_000, stopLossPct: null })).rejects.toMatchObject({ code: 'BLOCKED', kind: 'forbidden' });
    s.repo.users.set('dave', { emailVerified: false, kycStatus: 'Verified', blocked: false });
    await expect(s.follow.execute({ userId: 'dave', traderId: 2, amount: 5_000, stopLossPct: null })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    s.repo.traders.set(3, { id: 3, userId: 'gone', name: 'Gone', sharePct: 20, maxCopiers: 10, minCopyAmount: 1000, listed: false, kycVerified: true });
    await expect(s.follow.execute({ userId: 'alice', traderId: 3, amount: 5_000, stopLossPct: null })).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
    // A trader whose KYC is not Verified is not public either.
    s.repo.traders.set(4, { id: 4, userId: 'anon', name: 'Anon', sharePct: 20, maxCopiers: 10, minCopyAmount: 1000, listed: true, kycVerified: false });
    await expect(s.follow.execute({ userId: 'alice', traderId: 4, amount: 5_000, stopLossPct: null })).rejects.toMatchObject({ code: 'COPY.TRADER_NOT_FOUND' });
  });

  it('copyOpenTrades: a position in each open trade at today\'s price, sized as a new trade, in the follow\'s transaction', async () => {
    const s = setup();
    const t0 = s.market.clock.now().getTime();
    // Oldest first: the second trade sizes on what the first left free. AAPL's session is open at 15:00 UTC on a
    // Monday, EURUSD has no quote (skipped, never filled at a stale price).
    s.openTrades.trades.set(2, [
      { id: '12', symbol: 'AAPL', side: 'sell', allocationPct: 50, entryPrice: '200', quoteTime: new Date(t0 - 30_000), openedAt: new Date(t0 - 30_000) },
      { id: '11', symbol: 'BTCUSDT', side: 'buy', allocationPct: 25, entryPrice: '50000', quoteTime: new Date(t0 - 60_000), openedAt: new Date(t0 - 60_000) },
      { id: '13', symbol: 'EURUSD', side: 'buy', allocationPct: 10, entryPrice: '1.1', quoteTime: null, openedAt: new Date(t0 - 10_000) },
    ]);
    s.market.setQuote('BTCUSDT', '50900', '51000');
    s.market.setQuote('AAPL', '198', '198.02');
    const result = await s.follow.execute({ userId: 'alice', traderId: 2, amount: 40_000, stopLossPct: null, copyOpenTrades: true });
    expect(s.uow.runs).toBe(1);
    expect(result.openTrades).toEqual({
      copied: [
        { tradeId: '11', symbol: 'BTCUSDT', side: 'buy', size: '100.00', traderFill: '50000', copierFill: '51000' },
        { tradeId: '12', symbol: 'AAPL', side: 'sell', size: '150.00', traderFill: '200', copierFill: '198' },
      ],
      skipped: [{ tradeId: '13', symbol: 'EURUSD', reason: 'no_quote' }],
    });
    // The receipts: the copier's fill, the delay since the trader's quote, slippage signed worse-for-the-copier.
    expect(s.openTrades.positions.map((p) => ({ trade: p.tradeId, fill: p.fillPrice, delay: p.delayMs, bps: p.slippageBps, size: p.size }))).toEqual([
      { trade: '11', fill: '51000', delay: 60_000, bps: '200.00', size: 10_000n },
      { trade: '12', fill: '198', delay: 30_000, bps: '100.00', size: 15_000n },
    ]);
    expect(s.notifications.sent[0].data).toMatchObject({ openTradesCopied: 2 });
    // one position_opened per copied position, to that follower, with its own receipt
    expect(s.events.copied).toEqual([
      {
        followerId: 'alice',
        traderId: 2,
        positions: [
          { tradeId: '11', symbol: 'BTCUSDT', side: 'buy', receipt: { traderFill: '50000', copierFill: '51000', quoteTime: expect.any(String), delayMs: 60_000, slippageBps: '200.00' } },
          { tradeId: '12', symbol: 'AAPL', side: 'sell', receipt: { traderFill: '200', copierFill: '198', quoteTime: expect.any(String), delayMs: 30_000, slippageBps: '100.00' } },
        ],
      },
    ]);

    // Without the option nothing is taken over.
    s.repo.users.set('erin', { emailVerified: true, kycStatus: 'Verified', blocked: false });
    s.ledger.setCash('erin', 100_000);
    const plain = await s.follow.execute({ userId: 'erin', traderId: 2, amount: 40_000, stopLossPct: null });
    expect(plain.openTrades).toBeUndefined();
    expect(s.openTrades.positions).toHaveLength(2);
  });

  it('copyOpenTrades: a trade whose market is closed is skipped (never filled at a stale price); other errors are not swallowed', async () => {
    const s = setup();
    const saturday = new InMemoryMarketQuotes(new FixedClock(new Date('2026-01-10T15:00:00.000Z')));
    saturday.setQuote('AAPL', '198', '198.02');
    saturday.setQuote('BTCUSDT', '50000', '50010');
    const copier = new CopyOpenTrades(s.openTrades, saturday, s.events);
    s.openTrades.trades.set(2, [
      { id: '1', symbol: 'AAPL', side: 'buy', allocationPct: 10, entryPrice: '190', quoteTime: null, openedAt: new Date('2026-01-09T15:00:00.000Z') },
      { id: '2', symbol: 'BTCUSDT', side: 'buy', allocationPct: 10, entryPrice: '49000', quoteTime: null, openedAt: new Date('2026-01-09T16:00:00.000Z') },
    ]);
    s.ledger.setCash('alice', 100_000);
    const { copyId } = await s.follow.execute({ userId: 'alice', traderId: 2, amount: 10_000, stopLossPct: null });
    const result = await copier.execute({ kind: 'transaction' }, 2, { id: copyId, followerId: 'alice' });
    expect(result.skipped).toEqual([{ tradeId: '1', symbol: 'AAPL', reason: 'market_closed' }]);
    expect(result.copied).toEqual([{ tradeId: '2', symbol: 'BTCUSDT', side: 'buy', size: '10.00', traderFill: '49000', copierFill: '50010' }]);
    // without an entry quote time the delay runs from the trader's open: Friday 16:00 → Saturday 15:00
    expect(s.openTrades.positions[0].delayMs).toBe(23 * 3_600_000);
    s.openTrades.trades.set(2, [{ id: '3', symbol: 'NOPE', side: 'buy', allocationPct: 10, entryPrice: '1', quoteTime: null, openedAt: new Date() }]);
    await expect(copier.execute({ kind: 'transaction' }, 2, { id: copyId, followerId: 'alice' })).rejects.toMatchObject({ code: 'MARKET.UNKNOWN_SYMBOL' });
  });

  it('top-ups and withdrawals need a positive amount, nothing more', async () => {
    const s = setup();
    const { copyId } = await s.follow.execute({ userId: 'alice', traderId: 2, amount: 1_000, stopLossPct: null });
    await expect(s.funds.execute({ userId: 'alice', copyId, amount: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(s.withdraw.execute({ userId: 'alice', copyId, amount: -1 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await s.funds.execute({ userId: 'alice', copyId, amount: 1 });
    expect(s.ledger.equityOf('alice', copyId)).toBe(1_001);
  });

  it('funds raise the mark; withdraw takes free equity only and lowers it', async () => {
    const s = setup();
    const { copyId } = await s.follow.execute({ userId: 'alice', traderId: 2, amount: 10_000, stopLossPct: null });
    await s.funds.execute({ userId: 'alice', copyId, amount: 5_000 });
    expect(s.repo.copies.get(copyId)).toMatchObject({ invested: 15_000n, highWaterMark: 15_000n });
    s.repo.copies.get(copyId)!.committed = 12_000n;
    await expect(s.withdraw.execute({ userId: 'alice', copyId, amount: 3_001 })).rejects.toMatchObject({ code: 'COPY.INSUFFICIENT_FREE_EQUITY' });
    await s.withdraw.execute({ userId: 'alice', copyId, amount: 3_000 });
    expect(s.repo.copies.get(copyId)).toMatchObject({ invested: 12_000n, highWaterMark: 12_000n });
    expect(s.ledger.cashOf('alice')).toBe(100_000 - 15_000 + 3_000);
    // Trader row (shared) before the copy row: the lock order every one-copy change follows.
    expect(s.repo.locks.slice(-2)).toEqual(['trader:2:share', `copy:${copyId}`]);
    await expect(s.withdraw.execute({ userId: 'mallory', copyId, amount: 1 })).rejects.toMatchObject({ code: 'COPY.NOT_FOUND' });
  });

  it('a withdrawal in a drawdown scales invested and mark with the equity left (no stop-loss trip)', async () => {
    const s = setup();
    const { copyId } = await s.follow.execute({ userId: 'alice', traderId: 2, amount: 10_000, stopLossPct: 60 });
    // A settled loss of 30.00: equity 70.00 against 100.00 invested and a mark of 100.00.
    s.ledger.balances_.get(await s.ledger.copyEquityAccount({ kind: 'transaction' }, 'alice', copyId))!.balance = 7_000;
    await s.withdraw.execute({ userId: 'alice', copyId, amount: 6_000 });
    expect(s.ledger.equityOf('alice', copyId)).toBe(1_000);
    expect(s.repo.copies.get(copyId)).toMatchObject({ invested: 1_428n, highWaterMark: 1_428n, status: 'active' });
  });

  it('stop ends a copy with nothing open (equity back to cash) and only marks one with open positions', async () => {
    const s = setup();
    const first = await s.follow.execute({ userId: 'alice', traderId: 2, amount: 10_000, stopLossPct: null });
    expect(await s.status.execute({ userId: 'alice', copyId: first.copyId, action: 'stop' })).toEqual({ copyId: first.copyId, status: 'stopped', returned: '100.00' });
    expect(s.ledger.cashOf('alice')).toBe(100_000);
    expect(s.ledger.postings.at(-1)).toMatchObject({ type: 'copy_return' });

    const second = await s.follow.execute({ userId: 'alice', traderId: 2, amount: 10_000, stopLossPct: null });
    s.repo.copies.get(second.copyId)!.openPositions = 1;
    expect(await s.status.execute({ userId: 'alice', copyId: second.copyId, action: 'stop' })).toMatchObject({ status: 'stopping', returned: null });
    expect(s.ledger.equityOf('alice', second.copyId)).toBe(10_000);
    await expect(s.status.execute({ userId: 'alice', copyId: second.copyId, action: 'resume' })).rejects.toMatchObject({ code: 'COPY.INVALID_STATE' });
  });
});
