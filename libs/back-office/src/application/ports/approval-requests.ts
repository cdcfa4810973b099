import type { Page, PageQuery, TransactionContext } from '@mirrorline/shared';
import type { ApprovalKind, ApprovalRequest, ApprovalStatus } from '../../domain/approval-request';

export interface NewApprovalRequest {
  kind: ApprovalKind;
  targetUserId: string;
  requestedBy: string;
  amount?: number | null;
  reason?: string | null;
}

/** A request as the approvals list shows it: who asked, for whom, who decided. */
export interface ApprovalRequestView extends ApprovalRequest {
  target: { id: string; username: string; email: string };
  requester: { id: string; username: string };
  decider: { id: string; username: string } | null;
}

/** Persistence of `admin_approval_requests` (owned by the back office). */
export abstract class ApprovalRequests {
  /** Throws APPROVAL.GRANT_PENDING (409) when a grant for the user is already pending. */
  abstract insert(tx: TransactionContext, request: NewApprovalRequest): Promise<ApprovalRequest>;
  /** The request, locked (FOR UPDATE) so that two decisions serialise; null when there is none. */
  abstract lock(tx: TransactionContext, id: string): Promise<ApprovalRequest | null>;
  abstract decide(tx: TransactionContext, id: string, decision: { status: Exclude<ApprovalStatus, 'pending'>; decidedBy: string; at: Date; ledgerTransactionId?: string | null }): Promise<ApprovalRequest>;
  abstract list(query: PageQuery & { status?: ApprovalStatus }): Promise<Page<ApprovalRequestView>>;
  abstract view(tx: TransactionContext | null, id: string): Promise<ApprovalRequestView | null>;
  /** The pending requests of these users, by user (the admin table's rows show them). */
  abstract pendingOf(tx: TransactionContext | null, userIds: readonly string[]): Promise<Map<string, ApprovalRequest[]>>;
}
