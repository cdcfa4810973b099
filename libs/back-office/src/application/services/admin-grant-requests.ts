import { Injectable } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import type { ApprovalRequest } from '../../domain/approval-request';
import { auditActorId, auditDetail, type Actor } from '../actor';
import { ApprovalRequests } from '../ports/approval-requests';

/**
 * Asks for the Admin role for a user (user/create and user/update with Admin, product.md §11.4): a pending
 * request, audited, that another admin approves (DecideApprovalRequestUseCase). One pending grant per user
 * (409 APPROVAL.GRANT_PENDING for a second).
 */
@Injectable()
export class AdminGrantRequests {
  constructor(
    private readonly requests: ApprovalRequests,
    private readonly audit: AuditLog,
  ) {}

  async request(tx: TransactionContext, actor: Actor, userId: string): Promise<ApprovalRequest> {
    const request = await this.requests.insert(tx, { kind: 'admin_grant', targetUserId: userId, requestedBy: auditActorId(actor) });
    await this.audit.record(tx, {
      actorId: auditActorId(actor),
      action: 'approval.request',
      targetType: 'user',
      targetId: userId,
      ip: actor.ip,
      before: null,
      after: auditDetail(actor, { requestId: request.id, kind: request.kind }),
    });
    return request;
  }
}
