import { FakeLedger, FakeUnitOfWork } from '../../../testing/in-memory-copy-trading';
import { InMemoryPriceWatchStore } from '../../../testing/in-memory-price-watch-store';
import { CloseOutCopiesUseCase } from './close-out-copies.use-case';

const tx = { kind: 'transaction' } as const;
const quotes = [{ symbol: 'BTCUSDT', bid: '90', ask: '90.1', time: new Date('2026-01-05T15:00:00.000Z') }];

/** Traders 2 (user t2, with cash) and 3 (user t3, none); copies c1 (alice, trader 3), c2 (bob, no cash, trader 2), c3 (carol, trader 2). */
function setup() {
  const uow = new FakeUnitOfWork();
  const ledger = new FakeLedger();
  const store = new InMemoryPriceWatchStore();
  store.traders.set(2, 't2').set(3, 't3');
  store.copies.set('c1', { traderId: 3, followerId: 'alice' }).set('c2', { traderId: 2, followerId: 'bob' }).set('c3', { traderId: 2, followerId: 'carol' });
  for (const user of ['t2', 'alice', 'carol']) store.cash.add(user);
  const useCase = new CloseOutCopiesUseCase(uow, store, ledger);
  const market = () => ledger.platformAccount(tx, 'platform_market');
  return { uow, ledger, store, useCase, market };
}

describe('CloseOutCopiesUseCase (in-memory fakes)', () => {
  it('runs the steps of docs/copy-trading.md once each, in order, in one transaction, and sums what the statement closed out', async () => {
    const s = setup();
    s.store.closes.set('c1', { pnl: -40_000n, positions: 2, ends: true }).set('c3', { pnl: -25_000n, positions: 1, ends: false });
    const given = [
      { copyId: 'c3', traderId: 2 },
      { copyId: 'c1', traderId: 3 },
      { copyId: 'c2', traderId: 2 },
    ];
    const result = await s.useCase.execute(given, quotes);
    expect(result).toEqual({ copies: 2, positions: 3, ended: 1, pnl: -65_000n });
    expect(s.uow.runs).toBe(1);
    const market = await s.market();
    expect(s.store.calls).toEqual([
      'settings:guards',
      // traders in id order, then the copies (the store locks them in id order)
      'lockTraders:2,3',
      'lockCopies:c3,c1,c2',
      // the trader without a cash account first, then the copies' owners without one
      'cash:t3,bob',
      'closeOut:c1,c2,c3:' + market + ':guards',
      'deliverAfterCommit',
    ]);
  });

  it('holds the notices when asked (the watcher starts their delivery once every transaction is done); no cash step when every account exists', async () => {
    const s = setup();
    s.store.cash.add('t3').add('bob');
    s.store.closes.set('c2', { pnl: -10n, positions: 1, ends: false });
    expect(await s.useCase.execute([{ copyId: 'c2', traderId: 2 }], quotes, { holdNotices: true })).toEqual({ copies: 1, positions: 1, ended: 0, pnl: -10n });
    expect(s.store.calls).toEqual(['settings:guards', 'lockTraders:2', 'lockCopies:c2', `closeOut:c2:${await s.market()}:guards`]);
  });

  it("an owner's action keeps the request's statement timeout and passes its reason to the statement, in the caller's transaction", async () => {
    const s = setup();
    s.store.closes.set('c3', { pnl: 1_500n, positions: 1, ends: false });
    const action = { reason: 'copier_closed' as const, positionId: '7' };
    expect(await s.useCase.closeOut(tx, [{ copyId: 'c3', traderId: 2 }], quotes, { action })).toMatchObject({ copies: 1, positions: 1 });
    expect(s.uow.runs).toBe(0);
    expect(s.store.calls).toEqual(['settings:action', 'lockTraders:2', 'lockCopies:c3', `closeOut:c3:${await s.market()}:copier_closed`, 'deliverAfterCommit']);
  });

  it('runs nothing without copies or quotes, and stops after the locks when no copy of a locked trader is left', async () => {
    const s = setup();
    const none = { copies: 0, positions: 0, ended: 0, pnl: 0n };
    expect(await s.useCase.execute([], quotes)).toEqual(none);
    expect(await s.useCase.execute([{ copyId: 'c1', traderId: 3 }], [])).toEqual(none);
    expect(s.store.calls).toEqual([]);
    // trader 9's profile is gone: its copy is not closed out, though the row exists
    s.store.copies.set('c9', { traderId: 9, followerId: 'dan' });
    expect(await s.useCase.execute([{ copyId: 'c9', traderId: 9 }, { copyId: 'missing', traderId: 2 }], quotes)).toEqual(none);
    expect(s.store.calls).toEqual(['settings:guards', 'lockTraders:2,9', 'lockCopies:c9,missing']);
  });

  it('a copy the statement does not close out (its guard no longer reached at these quotes) delivers nothing', async () => {
    const s = setup();
    expect(await s.useCase.execute([{ copyId: 'c3', traderId: 2 }], quotes)).toEqual({ copies: 0, positions: 0, ended: 0, pnl: 0n });
    expect(s.store.calls.at(-1)).toBe(`closeOut:c3:${await s.market()}:guards`);
  });

  it('fails the whole close-out, delivering nothing, when the statement settled fewer positions than it closed out', async () => {
    const s = setup();
    s.store.closes.set('c3', { pnl: -10n, positions: 2, ends: true });
    s.store.raced = 1;
    await expect(s.useCase.execute([{ copyId: 'c3', traderId: 2 }], quotes)).rejects.toThrow('copy close-out: positions changed during settlement');
    expect(s.store.calls).not.toContain('deliverAfterCommit');
    expect(s.store.calls.filter((c) => c.startsWith('closeOut:'))).toHaveLength(1);
  });
});
