import { formatCents } from '@mirrorline/shared';
import type { UserListItem } from '../../application/use-cases/list-users/list-users.use-case';
import type { UserProfile } from '../../application/services/user-info.assembler';
import type { ApprovalRequest } from '../../domain/approval-request';
import type { ApprovalRequestView } from '../../application/ports/approval-requests';

/** A pending request as the user's row shows it: what waits for a second admin. */
export function presentPending(request: ApprovalRequest) {
  return { id: request.id, kind: request.kind, amount: request.amount === null ? null : formatCents(request.amount) };
}

/** An approval request as GET admin/approvals and the decisions answer it. */
export function presentApproval(request: ApprovalRequestView) {
  return {
    id: request.id,
    kind: request.kind,
    status: request.status,
    amount: request.amount === null ? null : formatCents(request.amount),
    reason: request.reason,
    target: { _id: request.target.id, username: request.target.username, email: request.target.email },
    requestedBy: request.requester.id,
    requestedByUsername: request.requester.username,
    decidedBy: request.decider?.id ?? null,
    decidedByUsername: request.decider?.username ?? null,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    ledgerTransactionId: request.ledgerTransactionId,
  };
}

/** The admin table's row (seed §3 "User (as managed by admin)") — never a password or a hash. */
export function presentUser(item: UserListItem) {
  const { account } = item;
  return {
    _id: account.id,
    username: account.username,
    firstname: account.firstname,
    lastname: account.lastname,
    email: account.email,
    roles: account.roles,
    traderID: item.traderID,
    KYC: account.kycStatus,
    balance: formatCents(item.balances.cash),
    tradingBalance: formatCents(item.balances.copyEquity),
    verified: account.emailVerified,
    blocked: account.blocked,
    createdAt: account.createdAt.toISOString(),
    pendingApprovals: (item.pendingApprovals ?? []).map(presentPending),
  };
}

/** GET user/get: the caller's live profile (the token's UserInfo fields plus KYC, held funds and copies). */
export function presentProfile(profile: UserProfile) {
  return {
    _id: profile.account.id,
    ...profile.info,
    liveTradingBalance: profile.liveTradingBalance,
    KYC: profile.account.kycStatus,
    held: profile.held,
    blocked: profile.account.blocked,
    createdAt: profile.account.createdAt.toISOString(),
    copies: profile.copies.map((copy) => ({
      id: copy.id,
      traderId: copy.traderId,
      status: copy.status,
      equity: formatCents(copy.equity),
      createdAt: copy.createdAt.toISOString(),
    })),
  };
}
