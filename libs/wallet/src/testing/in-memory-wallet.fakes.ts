import { pageOffset, UnitOfWork, type Cents, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { Ledger, type LedgerPosting, type PlatformAccountKind, type UserAccountKind, type UserBalances } from '../application/ports/ledger';
import { AccountHolders } from '../application/ports/account-holders';
import {
  WalletTransactionRepository,
  type WalletTransactionFilter,
  type WalletTransactionRecord,
} from '../application/ports/wallet-transaction.repository';
import { WalletTransaction, type WalletTransactionProps } from '../domain/wallet-transaction';
import { insufficientFunds } from '../domain/wallet-errors';
import { randomUUID } from 'node:crypto';
import { WithdrawalAddresses, type WithdrawalAddress } from '../application/ports/withdrawal-addresses';

/** Something whose state a fake transaction can roll back. */
interface Transactional {
  snapshot(): unknown;
  restore(state: unknown): void;
}

/** Runs work at once; on a throw, restores every participant to its state before the work (a rollback). */
export class InMemoryUnitOfWork extends UnitOfWork {
  private readonly participants: Transactional[];

  constructor(...participants: Transactional[]) {
    super();
    this.participants = participants;
  }

  async run<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T> {
    const saved = this.participants.map((p) => p.snapshot());
    try {
      return await work({ kind: 'transaction' });
    } catch (error) {
      this.participants.forEach((p, i) => p.restore(saved[i]));
      throw error;
    }
  }
}

interface Account {
  id: string;
  ownerId: string | null;
  kind: string;
  copyId: string | null;
  balance: Cents;
}

/** The Ledger port in memory, with the database's rules: zero-sum postings, no negative user balance. */
export class InMemoryLedger extends Ledger implements Transactional {
  accounts: Account[] = [];
  postings: Array<LedgerPosting & { id: string }> = [];

  constructor() {
    super();
    for (const kind of ['platform_deposits', 'platform_withdrawals', 'platform_market', 'platform_adjustments']) {
      this.accounts.push({ id: String(this.accounts.length + 1), ownerId: null, kind, copyId: null, balance: 0 });
    }
  }

  snapshot() {
    return { accounts: this.accounts.map((a) => ({ ...a })), postings: [...this.postings] };
  }
  restore(state: unknown) {
    const s = state as ReturnType<InMemoryLedger['snapshot']>;
    this.accounts = s.accounts;
    this.postings = s.postings;
  }

  private findOrCreate(ownerId: string | null, kind: string, copyId: string | null): string {
    const found = this.accounts.find((a) => a.ownerId === ownerId && a.kind === kind && a.copyId === copyId);
    if (found) return found.id;
    const account = { id: String(this.accounts.length + 1), ownerId, kind, copyId, balance: 0 };
    this.accounts.push(account);
    return account.id;
  }

  async userAccount(_tx: TransactionContext, userId: string, kind: UserAccountKind) {
    return this.findOrCreate(userId, kind, null);
  }
  async copyEquityAccount(_tx: TransactionContext, userId: string, copyId: string) {
    return this.findOrCreate(userId, 'copy_equity', copyId);
  }
  async platformAccount(_tx: TransactionContext, kind: PlatformAccountKind) {
    return this.findOrCreate(null, kind, null);
  }

  async post(_tx: TransactionContext, posting: LedgerPosting): Promise<string> {
    if (posting.entries.reduce((sum, e) => sum + e.amount, 0) !== 0) throw new Error('ledger transaction does not balance');
    // As the UNIQUE (type, reference) index: one business fact is posted once (docs/ledger.md).
    if (!posting.reference) throw new Error('a ledger transaction needs a business reference');
    if (this.postings.some((p) => p.type === posting.type && p.reference === posting.reference)) {
      throw Object.assign(new Error(`duplicate key value violates unique constraint "ledger_transactions_type_reference_unique" (${posting.type}, ${posting.reference})`), { code: '23505' });
    }
    const after = new Map<string, Cents>();
    for (const entry of posting.entries) {
      const account = this.accounts.find((a) => a.id === entry.accountId);
      if (!account) throw new Error(`no ledger account ${entry.accountId}`);
      after.set(account.id, (after.get(account.id) ?? account.balance) + entry.amount);
    }
    for (const [id, balance] of after) {
      if (balance < 0 && this.accounts.find((a) => a.id === id)!.ownerId !== null) throw insufficientFunds();
    }
    for (const [id, balance] of after) this.accounts.find((a) => a.id === id)!.balance = balance;
    const id = String(this.postings.length + 1);
    this.postings.push({ ...posting, id });
    return id;
  }

  override async lockedBalances(_tx: TransactionContext, accountIds: string[]) {
    return new Map(this.accounts.filter((a) => accountIds.includes(a.id)).map((a) => [a.id, a.balance]));
  }

  async balances(_tx: TransactionContext | null, userId: string): Promise<UserBalances> {
    const sum = (kind: string) => this.accounts.filter((a) => a.ownerId === userId && a.kind === kind).reduce((s, a) => s + a.balance, 0);
    return { cash: sum('cash'), held: sum('held'), copyEquity: sum('copy_equity') };
  }

  /** test helper: the balance of a platform account */
  platformBalance(kind: PlatformAccountKind): Cents {
    return this.accounts.find((a) => a.ownerId === null && a.kind === kind)!.balance;
  }
}

export class InMemoryAccountHolders extends AccountHolders {
  readonly kyc = new Map<string, string>();
  readonly deleted = new Set<string>();
  async kycStatus(_tx: TransactionContext, userId: string) {
    return this.deleted.has(userId) ? null : (this.kyc.get(userId) ?? null);
  }
  async isDeleted(_tx: TransactionContext, userId: string) {
    return this.deleted.has(userId);
  }
}

export class InMemoryWalletTransactionRepository extends WalletTransactionRepository implements Transactional {
  rows: WalletTransactionProps[] = [];

  snapshot() {
    return this.rows.map((r) => ({ ...r }));
  }
  restore(state: unknown) {
    this.rows = state as WalletTransactionProps[];
  }

  async insert(_tx: TransactionContext, transaction: WalletTransaction) {
    this.rows.push({ ...transaction.snapshot() });
  }
  async lockById(_tx: TransactionContext, id: string) {
    const row = this.rows.find((r) => r.id === id);
    return row ? WalletTransaction.restore(row) : null;
  }
  async saveDecision(_tx: TransactionContext, transaction: WalletTransaction) {
    const t = transaction.snapshot();
    this.rows = this.rows.map((r) => (r.id === t.id ? { ...t } : r));
  }
  async list(filter: WalletTransactionFilter, page: PageQuery): Promise<Page<WalletTransactionRecord>> {
    const matching = this.rows
      .filter((r) => (!filter.userId || r.userId === filter.userId) && (!filter.status || r.status === filter.status) && (!filter.type || r.type === filter.type))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const items = matching.slice(pageOffset(page), pageOffset(page) + page.limit).map((r) => ({ ...r, username: 'user', email: 'user@example.test' }));
    return { items, total: matching.length, page: page.page, limit: page.limit };
  }
}

export class InMemoryWithdrawalAddresses extends WithdrawalAddresses {
  readonly rows: (WithdrawalAddress & { userId: string })[] = [];
  async list(_tx: TransactionContext, userId: string) {
    return this.rows.filter((r) => r.userId === userId);
  }
  async count(_tx: TransactionContext, userId: string) {
    return this.rows.filter((r) => r.userId === userId).length;
  }
  async insert(_tx: TransactionContext, a: { userId: string; label: string; destination: string; createdAt: Date; usableAt: Date }) {
    if (this.rows.some((r) => r.userId === a.userId && r.destination === a.destination)) return null;
    const row = { id: randomUUID(), ...a };
    this.rows.push(row);
    return row;
  }
  async remove(_tx: TransactionContext, userId: string, id: string) {
    const index = this.rows.findIndex((r) => r.id === id && r.userId === userId);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    return true;
  }
  async isUsable(_tx: TransactionContext, userId: string, destination: string, now: Date) {
    return this.rows.some((r) => r.userId === userId && r.destination === destination && r.usableAt <= now);
  }
}
