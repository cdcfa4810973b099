import type { TransactionContext } from '@mirrorline/shared';
import type { Quote } from '@mirrorline/market';
import { FakeLedger, FakeUnitOfWork } from '../../../testing/in-memory-copy-trading';
import { PriceWatchStore, type CloseOutOptions, type CloseOutResult, type TrippedCopy } from '../../ports/price-watch-store';
import { CloseOutCopiesUseCase } from './close-out-copies.use-case';

/** Records the close-outs it is asked for (the set-based statement itself is specified on the real database). */
class RecordingPriceWatchStore extends PriceWatchStore {
  readonly closeOuts: Array<{ tx: TransactionContext; copies: readonly TrippedCopy[]; quotes: readonly Quote[]; market: string; options?: CloseOutOptions }> = [];
  constructor(private readonly answer: CloseOutResult | Error) {
    super();
  }
  async ratchetTrailingStops(): Promise<number> {
    return 0;
  }
  async crossedTrades(): Promise<never[]> {
    return [];
  }
  async trippedCopies(): Promise<TrippedCopy[]> {
    return [];
  }
  async closeOut(tx: TransactionContext, copies: readonly TrippedCopy[], quotes: readonly Quote[], market: string, options?: CloseOutOptions): Promise<CloseOutResult> {
    this.closeOuts.push({ tx, copies, quotes, market, options });
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
  deliverNotices(): void {}
}

describe('CloseOutCopiesUseCase (in-memory fakes)', () => {
  const copies = [
    { copyId: 'c1', traderId: 2 },
    { copyId: 'c2', traderId: 3 },
  ];
  const quotes = [{ symbol: 'BTCUSDT', bid: '90', ask: '90.1', time: new Date('2026-01-05T15:00:00.000Z') }];

  it('closes the copies out in one transaction against the platform market account, passing the quotes and options through', async () => {
    const uow = new FakeUnitOfWork();
    const ledger = new FakeLedger();
    const result = { copies: 2, positions: 3, ended: 1, pnl: -1234n };
    const store = new RecordingPriceWatchStore(result);
    expect(await new CloseOutCopiesUseCase(uow, store, ledger).execute(copies, quotes, { holdNotices: true })).toEqual(result);
    expect(uow.runs).toBe(1);
    const market = await ledger.platformAccount({ kind: 'transaction' }, 'platform_market');
    expect(store.closeOuts).toEqual([{ tx: { kind: 'transaction' }, copies, quotes, market, options: { holdNotices: true } }]);
  });

  it('without options the notices are not held; a failure of the statement fails the whole close-out', async () => {
    const uow = new FakeUnitOfWork();
    const store = new RecordingPriceWatchStore(new Error('serialization failure'));
    await expect(new CloseOutCopiesUseCase(uow, store, new FakeLedger()).execute(copies, quotes)).rejects.toThrow('serialization failure');
    expect(store.closeOuts[0].options).toEqual({});
  });
});
