import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import type { ApprovalRequest } from '../../../domain/approval-request';
import { type UserAccount, UserRepository } from '@mirrorline/accounts';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import { AccountBalances } from '../../ports/account-balances';
import { ApprovalRequests, type ApprovalRequestView } from '../../ports/approval-requests';
import { userNotFound } from '../../user-errors';

export interface RequestBalanceAdjustmentCommand {
  actor: Actor;
  userId: string;
  /** signed cents, ≠ 0: + credits the cash, − debits it */
  amount: number;
  /** why (required; kept in the request, the audit log and, once approved, the ledger transaction) */
  reason: string;
}

export const ownBalanceForbidden = () => new DomainError('FORBIDDEN', 'You cannot adjust your own balance', 'forbidden');

/**
 * An admin's balance adjustment (+/− an amount, with a reason) is a request (product.md §11.4, four eyes): it
 * moves nothing until a different Admin approves it (DecideApprovalRequestUseCase, which posts it to the
 * ledger). Nobody asks to adjust their own balance (403); a debit the cash cannot cover now is refused at once
 * (409), and again at approval.
 */
@Injectable()
export class RequestBalanceAdjustmentUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UserRepository,
    private readonly balances: AccountBalances,
    private readonly requests: ApprovalRequests,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: RequestBalanceAdjustmentCommand): Promise<ApprovalRequestView> {
    const reason = command.reason.trim();
    if (!Number.isSafeInteger(command.amount) || command.amount === 0) {
      throw new DomainError('VALIDATION_FAILED', 'amount must be a non-zero amount', 'validation', { errors: { amount: ['amount must be a non-zero amount'] } });
    }
    if (reason.length < 3) {
      throw new DomainError('VALIDATION_FAILED', 'reason is required (at least 3 characters)', 'validation', { errors: { reason: ['reason is required (at least 3 characters)'] } });
    }
    return this.uow.run(async (tx) => {
      const user = await this.users.lockById(tx, command.userId);
      if (!user) throw userNotFound();
      const request = await this.requestIn(tx, command.actor, user, command.amount, reason);
      return (await this.requests.view(tx, request.id))!;
    });
  }

  /** The request, inside the caller's transaction with the user's row locked (PATCH user/update's balance too). */
  async requestIn(tx: TransactionContext, actor: Actor, user: UserAccount, amount: number, reason: string): Promise<ApprovalRequest> {
    if (user.id === actor.userId || user.id === auditActorId(actor)) throw ownBalanceForbidden();
    const cash = (await this.balances.of(tx, [user.id])).get(user.id)?.cash ?? 0;
    if (BigInt(cash) + BigInt(amount) < 0n) throw new DomainError('WALLET.INSUFFICIENT_FUNDS', 'The adjustment would take the cash balance below zero', 'conflict');
    const request = await this.requests.insert(tx, { kind: 'balance_adjustment', targetUserId: user.id, requestedBy: auditActorId(actor), amount, reason });
    await this.audit.record(tx, {
      actorId: auditActorId(actor),
      action: 'approval.request',
      targetType: 'user',
      targetId: user.id,
      ip: actor.ip,
      before: null,
      after: auditDetail(actor, { requestId: request.id, kind: request.kind, amount, reason, balance: typeof cash === 'bigint' ? cash.toString() : cash }),
    });
    return request;
  }
}
