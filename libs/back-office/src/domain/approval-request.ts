import { DomainError } from '@mirrorline/shared';

/**
 * Four eyes for admin power (product.md §11.4): granting the Admin role (create or update) and a manual
 * balance adjustment are requests; they take effect only when a different Admin approves them, and nobody
 * approves a request that benefits themselves.
 */
export const APPROVAL_KINDS = ['admin_grant', 'balance_adjustment'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export interface ApprovalRequest {
  id: string;
  kind: ApprovalKind;
  /** whom the request would give power or money */
  targetUserId: string;
  /** the admin who asked */
  requestedBy: string;
  /** signed cents of a balance adjustment; null for an admin grant */
  amount: number | null;
  reason: string | null;
  status: ApprovalStatus;
  decidedBy: string | null;
  decidedAt: Date | null;
  ledgerTransactionId: string | null;
  createdAt: Date;
}

export const approvalErrors = {
  notFound: () => new DomainError('APPROVAL.NOT_FOUND', 'Approval request not found', 'not_found'),
  decided: (status: ApprovalStatus) => new DomainError('APPROVAL.ALREADY_DECIDED', `This request is already ${status}`, 'conflict'),
  ownRequest: () => new DomainError('FORBIDDEN', 'Another admin must approve a request you made', 'forbidden'),
  beneficiary: () => new DomainError('FORBIDDEN', 'You cannot approve a request that benefits you', 'forbidden'),
  grantPending: () => new DomainError('APPROVAL.GRANT_PENDING', 'A grant of the Admin role to this user is already waiting for approval', 'conflict'),
  alreadyAdmin: () => new DomainError('APPROVAL.ALREADY_ADMIN', 'This user already has the Admin role', 'conflict'),
};

/**
 * Why `approverId` may not approve `request`, or null when they may. The requester never approves their own
 * request, and the target never approves what would give them power or money (whoever requested it).
 */
export function approvalRefusal(request: Pick<ApprovalRequest, 'status' | 'requestedBy' | 'targetUserId'>, approverId: string): DomainError | null {
  if (request.status !== 'pending') return approvalErrors.decided(request.status);
  if (request.requestedBy === approverId) return approvalErrors.ownRequest();
  if (request.targetUserId === approverId) return approvalErrors.beneficiary();
  return null;
}

/** A decided request can be rejected by nobody; a pending one by any admin (the requester withdraws it so). */
export function rejectionRefusal(request: Pick<ApprovalRequest, 'status'>): DomainError | null {
  return request.status === 'pending' ? null : approvalErrors.decided(request.status);
}

/** The ledger reference of an approved adjustment: one posting per request, whatever retries its approval. */
export const approvalOperationRef = (requestId: string) => `approval:${requestId}`;
