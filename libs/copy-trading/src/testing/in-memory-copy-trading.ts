import { DomainError, type Cents, type TransactionContext, UnitOfWork } from '@mirrorline/shared';
import { Ledger, type LedgerPosting, type PlatformAccountKind, type UserAccountKind, type UserBalances } from '@mirrorline/wallet';
import { Notifications, type NotificationInput } from '@mirrorline/notifications';
import { CopyRepository, type CopyPatch, type CopyState, type FollowerFacts, type TraderRef, type PositionRef } from '../application/ports/copy-repository';

/** In-memory fakes of the ports the copy use cases need (unit specs: no database). */
export class FakeUnitOfWork extends UnitOfWork {
  runs = 0;
  async run<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T> {
    this.runs++;
    return work({ kind: 'transaction' });
  }
}

export class FakeLedger extends Ledger {
  readonly balances_ = new Map<string, { owner: string | null; kind: string; balance: number }>();
  readonly postings: LedgerPosting[] = [];
  private seq = 0;

  private account(owner: string | null, kind: string, key: string): string {
    for (const [id, account] of this.balances_) if (`${account.owner}:${account.kind}:${id}` === key || (key === `${owner}:${kind}` && account.owner === owner && account.kind === kind)) return id;
    const id = String(++this.seq);
    this.balances_.set(id, { owner, kind, balance: 0 });
    return id;
  }
  async userAccount(_tx: TransactionContext, userId: string, kind: UserAccountKind): Promise<string> {
    return this.account(userId, kind, `${userId}:${kind}`);
  }
  async copyEquityAccount(_tx: TransactionContext, userId: string, copyId: string): Promise<string> {
    return this.account(userId, `copy:${copyId}`, `${userId}:copy:${copyId}`);
  }
  async platformAccount(_tx: TransactionContext, kind: PlatformAccountKind): Promise<string> {
    return this.account(null, kind, `null:${kind}`);
  }
  async post(_tx: TransactionContext, posting: LedgerPosting): Promise<string> {
    for (const entry of posting.entries) {
      const account = this.balances_.get(entry.accountId)!;
      if (account.owner !== null && account.balance + entry.amount < 0) {
        throw new DomainError('WALLET.INSUFFICIENT_FUNDS', 'Insufficient funds', 'conflict');
      }
    }
    for (const entry of posting.entries) this.balances_.get(entry.accountId)!.balance += entry.amount;
    this.postings.push(posting);
    return String(this.postings.length);
  }
  async balances(_tx: TransactionContext | null, userId: string): Promise<UserBalances> {
    const result = { cash: 0, held: 0, copyEquity: 0 };
    for (const account of this.balances_.values()) {
      if (account.owner !== userId) continue;
      if (account.kind === 'cash') result.cash += account.balance;
      else if (account.kind === 'held') result.held += account.balance;
      else result.copyEquity += account.balance;
    }
    return result satisfies UserBalances;
  }
  setCash(userId: string, cents: Cents): void {
    this.balances_.get(this.account(userId, 'cash', `${userId}:cash`))!.balance = cents;
  }
  cashOf(userId: string): Cents {
    return this.balances_.get(this.account(userId, 'cash', `${userId}:cash`))!.balance;
  }
  equityOf(userId: string, copyId: string): Cents {
    return this.balances_.get(this.account(userId, `copy:${copyId}`, `${userId}:copy:${copyId}`))!.balance;
  }
}

export class FakeNotifications extends Notifications {
  readonly sent: NotificationInput[] = [];
  async notify(_tx: TransactionContext, items: NotificationInput[]): Promise<void> {
    this.sent.push(...items);
  }
}

interface StoredCopy {
  id: string;
  followerId: string;
  traderId: number;
  status: CopyState['status'];
  invested: bigint;
  highWaterMark: bigint;
  stopLossPct: number | null;
  stopReason: string | null;
  takeProfitPct: number | null;
  ended: boolean;
  committed: bigint;
  openPositions: number;
}

export class InMemoryCopyRepository extends CopyRepository {
  readonly traders = new Map<number, TraderRef>();
  readonly users = new Map<string, FollowerFacts>();
  readonly copies = new Map<string, StoredCopy>();
  readonly locks: string[] = [];
  private seq = 0;

  constructor(private readonly ledger: FakeLedger) {
    super();
  }
  async lockTrader(_tx: TransactionContext, traderId: number, mode: 'share' | 'exclusive'): Promise<TraderRef | null> {
    this.locks.push(`trader:${traderId}:${mode}`);
    return this.traders.get(traderId) ?? null;
  }
  async traderOfCopy(_tx: TransactionContext, copyId: string): Promise<number | null> {
    return this.copies.get(copyId)?.traderId ?? null;
  }
  async follower(_tx: TransactionContext, userId: string): Promise<FollowerFacts | null> {
    return this.users.get(userId) ?? null;
  }
  async liveCopyCount(_tx: TransactionContext, traderId: number): Promise<number> {
    return [...this.copies.values()].filter((c) => c.traderId === traderId && c.status !== 'stopped').length;
  }
  async hasLiveCopy(_tx: TransactionContext, followerId: string, traderId: number): Promise<boolean> {
    return [...this.copies.values()].some((c) => c.followerId === followerId && c.traderId === traderId && c.status !== 'stopped');
  }
  async insertCopy(_tx: TransactionContext, copy: { followerId: string; traderId: number; invested: bigint; stopLossPct: number | null }): Promise<string> {
    const id = `copy-${++this.seq}`;
    this.copies.set(id, { id, ...copy, takeProfitPct: null, status: 'active', highWaterMark: copy.invested, stopReason: null, ended: false, committed: 0n, openPositions: 0 });
    return id;
  }
  async lockCopy(_tx: TransactionContext, copyId: string): Promise<CopyState | null> {
    this.locks.push(`copy:${copyId}`);
    const copy = this.copies.get(copyId);
    if (!copy) return null;
    const equity = BigInt(this.ledger.equityOf(copy.followerId, copy.id));
    return { ...copy, equity };
  }
  async updateCopy(_tx: TransactionContext, copyId: string, patch: CopyPatch): Promise<void> {
    const copy = this.copies.get(copyId)!;
    Object.assign(copy, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
  }
  async setDailyLossLimit(): Promise<void> {}
  /** Positions live in the SQL engine only (the owner's closes are specified by e2e specs against PostgreSQL). */
  async position(): Promise<PositionRef | null> {
    return null;
  }
  async openSymbols(): Promise<string[]> {
    return [];
  }
}
