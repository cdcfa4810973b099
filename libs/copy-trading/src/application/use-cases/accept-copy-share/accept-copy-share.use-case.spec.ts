import type { TransactionContext } from '@mirrorline/shared';
import { FakeLedger, FakeUnitOfWork, InMemoryCopyRepository } from '../../../testing/in-memory-copy-trading';
import { ProfitShareTerms } from '../../ports/profit-share-terms';
import { AcceptCopyShareUseCase } from './accept-copy-share.use-case';

/** Terms in memory: each copy's agreed share, set to its trader's current one on acceptance by its follower. */
class InMemoryProfitShareTerms extends ProfitShareTerms {
  readonly agreed = new Map<string, number>();
  constructor(private readonly repo: InMemoryCopyRepository) {
    super();
  }
  async notifyChange(): Promise<number> {
    return 0;
  }
  async accept(_tx: TransactionContext, followerId: string, copyId: string): Promise<{ share: number; previous: number } | null> {
    const copy = this.repo.copies.get(copyId);
    if (!copy || copy.followerId !== followerId || copy.status === 'stopped') return null;
    const previous = this.agreed.get(copyId)!;
    const share = this.repo.traders.get(copy.traderId)!.sharePct;
    this.agreed.set(copyId, share);
    return { share, previous };
  }
}

function setup() {
  const uow = new FakeUnitOfWork();
  const repo = new InMemoryCopyRepository(new FakeLedger());
  const terms = new InMemoryProfitShareTerms(repo);
  repo.traders.set(2, { id: 2, userId: 'trader', name: 'Sofia', sharePct: 10, maxCopiers: 10, minCopyAmount: 1000, listed: true, kycVerified: true });
  return { uow, repo, terms, accept: new AcceptCopyShareUseCase(uow, repo, terms) };
}

describe('AcceptCopyShareUseCase (in-memory fakes)', () => {
  it("takes the trader's current share for the follower's copy, under the trader's lock, and says what it was", async () => {
    const s = setup();
    const copyId = await s.repo.insertCopy({ kind: 'transaction' }, { followerId: 'alice', traderId: 2, invested: 10_000n, stopLossPct: null });
    s.terms.agreed.set(copyId, 20);
    expect(await s.accept.execute({ userId: 'alice', copyId })).toEqual({ copyId, share: 10, previousShare: 20 });
    expect(s.repo.locks).toEqual(['trader:2:share']);
    expect(s.uow.runs).toBe(1);
  });

  it("someone else's copy, an ended one and a missing one all look missing (404 COPY.NOT_FOUND)", async () => {
    const s = setup();
    const copyId = await s.repo.insertCopy({ kind: 'transaction' }, { followerId: 'alice', traderId: 2, invested: 10_000n, stopLossPct: null });
    s.terms.agreed.set(copyId, 20);
    await expect(s.accept.execute({ userId: 'mallory', copyId })).rejects.toMatchObject({ code: 'COPY.NOT_FOUND', kind: 'not_found' });
    await expect(s.accept.execute({ userId: 'alice', copyId: 'nope' })).rejects.toMatchObject({ code: 'COPY.NOT_FOUND' });
    expect(s.repo.locks).toEqual(['trader:2:share']); // the missing copy is refused before any lock
    s.repo.copies.get(copyId)!.status = 'stopped';
    await expect(s.accept.execute({ userId: 'alice', copyId })).rejects.toMatchObject({ code: 'COPY.NOT_FOUND' });
    expect(s.terms.agreed.get(copyId)).toBe(20);
  });
});
