import { DomainError, UnitOfWork, type Page, type TransactionContext } from '@mirrorline/shared';
import type { Balances, TraderExposure } from '@mirrorline/accounts';
import type { InMemoryUserRepository } from '@mirrorline/accounts/testing';
import { AccountBalances } from '../application/ports/account-balances';
import { BalanceAdjuster } from '../application/ports/balance-adjuster';
import { TraderProfiles } from '../application/ports/trader-profiles';
import { UserCopies, type CopySummary } from '../application/ports/user-copies';
import { AccessTokenIssuer, PasswordHasher, SessionRevoker } from '@mirrorline/auth';
import type { PageQuery } from '@mirrorline/shared';
import { approvalErrors, type ApprovalRequest, type ApprovalStatus } from '../domain/approval-request';
import { ApprovalRequests, type ApprovalRequestView, type NewApprovalRequest } from '../application/ports/approval-requests';

/* In-memory fakes of the users context's ports, for unit specs of its use cases. */

export const TX: TransactionContext = { kind: 'transaction' };

/** Runs the work at once; it does not roll back (e2e specs cover real transactions). */
export class ImmediateUnitOfWork extends UnitOfWork {
  run<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T> {
    return work(TX);
  }
}

export class InMemoryAccountBalances extends AccountBalances {
  readonly balances = new Map<string, Balances>();
  /** Pending wallet requests per user */
  readonly pending = new Map<string, number>();
  async of(_tx: TransactionContext | null, userIds: string[]) {
    return new Map(userIds.filter((id) => this.balances.has(id)).map((id) => [id, this.balances.get(id)!]));
  }
  async lockedOf(_tx: TransactionContext, userId: string) {
    return this.balances.get(userId) ?? { cash: 0, held: 0, copyEquity: 0 };
  }
  async pendingRequestsOf(_tx: TransactionContext, userId: string) {
    return this.pending.get(userId) ?? 0;
  }
}

export class RecordingBalanceAdjuster extends BalanceAdjuster {
  readonly calls: Array<{ userId: string; targetCash: number; actorId: string; operationRef?: string }> = [];
  constructor(private readonly balances: InMemoryAccountBalances) {
    super();
  }
  async addCash(_tx: TransactionContext, command: { userId: string; amount: number; actorId: string; reason: string; operationRef?: string }) {
    const current = this.balances.balances.get(command.userId) ?? { cash: 0, held: 0, copyEquity: 0 };
    const before = Number(current.cash);
    if (before + command.amount < 0) throw new DomainError('WALLET.INSUFFICIENT_FUNDS', 'below zero', 'conflict');
    this.calls.push({ userId: command.userId, targetCash: before + command.amount, actorId: command.actorId, operationRef: command.operationRef });
    this.balances.balances.set(command.userId, { ...current, cash: before + command.amount });
    return { before, after: before + command.amount, ledgerTransactionId: '1' };
  }
}

export class InMemoryTraderProfiles extends TraderProfiles {
  readonly profiles = new Map<string, number>();
  async ensureProfile(_tx: TransactionContext, userId: string) {
    if (!this.profiles.has(userId)) this.profiles.set(userId, this.profiles.size + 1);
    return this.profiles.get(userId)!;
  }
  async traderIdsOf(_tx: TransactionContext | null, userIds: string[]) {
    return new Map(userIds.filter((id) => this.profiles.has(id)).map((id) => [id, this.profiles.get(id)!]));
  }
}

export class InMemoryUserCopies extends UserCopies {
  readonly copies: Array<CopySummary & { followerId: string }> = [];
  async listForUser(_tx: TransactionContext | null, userId: string) {
    return this.copies.filter((c) => c.followerId === userId);
  }
  async openCount(_tx: TransactionContext, userId: string) {
    return this.copies.filter((c) => c.followerId === userId && c.status !== 'stopped').length;
  }
  async copiedTradesCount() {
    return 0;
  }
  /** What follows each trader (by user id) */
  readonly exposure = new Map<string, TraderExposure>();
  async traderExposure(_tx: TransactionContext, userId: string) {
    return this.exposure.get(userId) ?? { liveCopies: 0, openTrades: 0 };
  }
}

export class RecordingSessionRevoker extends SessionRevoker {
  readonly revoked: string[] = [];
  async revokeAll(_tx: TransactionContext, userId: string) {
    this.revoked.push(userId);
  }
}

/** "hash:<password>": enough to tell right from wrong passwords without argon2's cost. */
export class PlainPasswordHasher extends PasswordHasher {
  async hash(password: string) {
    return `hash:${password}`;
  }
  async verify(hash: string, password: string) {
    return hash === `hash:${password}`;
  }
  async burn(_password: string) {}
}

export class FakeAccessTokenIssuer extends AccessTokenIssuer {
  async issueFor(userId: string, options: { impersonatedBy?: string; sessionId?: string } = {}) {
    return `token:${userId}:${options.impersonatedBy ?? ''}`;
  }
}

export class InMemoryApprovalRequests extends ApprovalRequests {
  readonly requests = new Map<string, ApprovalRequest>();
  constructor(private readonly users: InMemoryUserRepository) {
    super();
  }
  async insert(_tx: TransactionContext, request: NewApprovalRequest) {
    const pendingGrant = [...this.requests.values()].some((r) => r.kind === 'admin_grant' && r.status === 'pending' && r.targetUserId === request.targetUserId);
    if (request.kind === 'admin_grant' && pendingGrant) throw approvalErrors.grantPending();
    const row: ApprovalRequest = {
      id: `00000000-0000-4000-9000-${String(this.requests.size + 1).padStart(12, '0')}`,
      kind: request.kind,
      targetUserId: request.targetUserId,
      requestedBy: request.requestedBy,
      amount: request.amount ?? null,
      reason: request.reason ?? null,
      status: 'pending',
      decidedBy: null,
      decidedAt: null,
      ledgerTransactionId: null,
      createdAt: new Date('2026-11-27T12:00:00Z'),
    };
    this.requests.set(row.id, row);
    return { ...row };
  }
  async lock(_tx: TransactionContext, id: string) {
    const row = this.requests.get(id);
    return row ? { ...row } : null;
  }
  async decide(_tx: TransactionContext, id: string, decision: { status: Exclude<ApprovalStatus, 'pending'>; decidedBy: string; at: Date; ledgerTransactionId?: string | null }) {
    const row = { ...this.requests.get(id)!, status: decision.status, decidedBy: decision.decidedBy, decidedAt: decision.at, ledgerTransactionId: decision.ledgerTransactionId ?? null };
    this.requests.set(id, row);
    return row;
  }
  async list(query: PageQuery & { status?: ApprovalStatus }): Promise<Page<ApprovalRequestView>> {
    const items = [...this.requests.values()].filter((r) => !query.status || r.status === query.status).reverse();
    const views = await Promise.all(items.map((r) => this.view(null, r.id)));
    return { items: views.slice((query.page - 1) * query.limit, query.page * query.limit) as ApprovalRequestView[], total: items.length, page: query.page, limit: query.limit };
  }
  async view(_tx: TransactionContext | null, id: string): Promise<ApprovalRequestView | null> {
    const row = this.requests.get(id);
    if (!row) return null;
    const name = (userId: string) => ({ id: userId, username: this.users.users.get(userId)?.username ?? '' });
    const target = this.users.users.get(row.targetUserId)!;
    return { ...row, target: { id: target.id, username: target.username, email: target.email }, requester: name(row.requestedBy), decider: row.decidedBy ? name(row.decidedBy) : null };
  }
  async pendingOf(_tx: TransactionContext | null, userIds: readonly string[]) {
    const byUser = new Map<string, ApprovalRequest[]>();
    for (const row of this.requests.values()) {
      if (row.status !== 'pending' || !userIds.includes(row.targetUserId)) continue;
      byUser.set(row.targetUserId, [...(byUser.get(row.targetUserId) ?? []), row]);
    }
    return byUser;
  }
}
