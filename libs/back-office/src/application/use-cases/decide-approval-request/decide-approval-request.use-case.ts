import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { approvalErrors, approvalOperationRef, approvalRefusal, rejectionRefusal, type ApprovalRequest } from '../../../domain/approval-request';
import { normaliseRoles, UserRepository } from '@mirrorline/accounts';
import { auditActorId, auditDetail, type Actor } from '../../actor';
import { ApprovalRequests, type ApprovalRequestView } from '../../ports/approval-requests';
import { BalanceAdjuster } from '../../ports/balance-adjuster';
import { userNotFound } from '../../user-errors';

export interface DecideApprovalCommand {
  actor: Actor;
  requestId: string;
}

/**
 * POST admin/approvals/:id/approve and …/reject (product.md §11.4). Approving applies the request in one
 * transaction with the decision and its audit: the grant of the Admin role, or the balance adjustment posted to
 * the ledger with a reference unique to the request (`adjustment:<user>:approval:<id>`, so no retry can post it
 * twice). Only a different Admin approves: never the requester, never the user it benefits. Any admin rejects a
 * pending request (the requester withdraws it so).
 */
@Injectable()
export class DecideApprovalRequestUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly requests: ApprovalRequests,
    private readonly users: UserRepository,
    private readonly adjuster: BalanceAdjuster,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  approve(command: DecideApprovalCommand): Promise<ApprovalRequestView> {
    return this.uow.run(async (tx) => {
      const approver = auditActorId(command.actor);
      const request = await this.lock(tx, command.requestId);
      const refusal = approvalRefusal(request, approver);
      if (refusal) throw refusal;
      const ledgerTransactionId = request.kind === 'admin_grant' ? await this.grant(tx, command.actor, request) : await this.adjust(tx, command.actor, request);
      await this.requests.decide(tx, request.id, { status: 'approved', decidedBy: approver, at: this.clock.now(), ledgerTransactionId });
      await this.audit.record(tx, {
        actorId: approver,
        action: 'approval.approve',
        targetType: 'user',
        targetId: request.targetUserId,
        ip: command.actor.ip,
        before: { status: 'pending' },
        after: auditDetail(command.actor, { requestId: request.id, kind: request.kind, requestedBy: request.requestedBy, ledgerTransactionId }),
      });
      return (await this.requests.view(tx, request.id))!;
    });
  }

  reject(command: DecideApprovalCommand): Promise<ApprovalRequestView> {
    return this.uow.run(async (tx) => {
      const request = await this.lock(tx, command.requestId);
      const refusal = rejectionRefusal(request);
      if (refusal) throw refusal;
      const decider = auditActorId(command.actor);
      await this.requests.decide(tx, request.id, { status: 'rejected', decidedBy: decider, at: this.clock.now() });
      await this.audit.record(tx, {
        actorId: decider,
        action: 'approval.reject',
        targetType: 'user',
        targetId: request.targetUserId,
        ip: command.actor.ip,
        before: { status: 'pending' },
        after: auditDetail(command.actor, { requestId: request.id, kind: request.kind, requestedBy: request.requestedBy }),
      });
      return (await this.requests.view(tx, request.id))!;
    });
  }

  private async lock(tx: TransactionContext, id: string): Promise<ApprovalRequest> {
    const request = await this.requests.lock(tx, id);
    if (!request) throw approvalErrors.notFound();
    return request;
  }

  /** The Admin role, added to the user's roles (nothing else changes); null: no ledger transaction. */
  private async grant(tx: TransactionContext, actor: Actor, request: ApprovalRequest): Promise<null> {
    const user = await this.users.lockById(tx, request.targetUserId);
    if (!user) throw userNotFound();
    const roles = normaliseRoles([...user.roles, 'Admin']);
    await this.users.setRoles(tx, user.id, roles);
    await this.audit.record(tx, {
      actorId: auditActorId(actor),
      action: 'user.roles_change',
      targetType: 'user',
      targetId: user.id,
      ip: actor.ip,
      before: { roles: user.roles },
      after: auditDetail(actor, { roles, requestId: request.id, requestedBy: request.requestedBy }),
    });
    return null;
  }

  /** The adjustment, posted now (never below zero: 409 WALLET.INSUFFICIENT_FUNDS leaves the request pending). */
  private async adjust(tx: TransactionContext, actor: Actor, request: ApprovalRequest): Promise<string | null> {
    const user = await this.users.lockById(tx, request.targetUserId);
    if (!user) throw userNotFound();
    const reason = request.reason ?? '';
    const result = await this.adjuster.addCash(tx, {
      userId: user.id,
      amount: request.amount!,
      actorId: auditActorId(actor),
      reason,
      operationRef: approvalOperationRef(request.id),
    });
    await this.audit.record(tx, {
      actorId: auditActorId(actor),
      action: 'user.balance_adjust',
      targetType: 'user',
      targetId: user.id,
      ip: actor.ip,
      before: { balance: result.before },
      after: auditDetail(actor, {
        balance: result.after,
        amount: request.amount,
        reason,
        ledgerTransactionId: result.ledgerTransactionId,
        requestId: request.id,
        requestedBy: request.requestedBy,
      }),
    });
    return result.ledgerTransactionId;
  }
}
