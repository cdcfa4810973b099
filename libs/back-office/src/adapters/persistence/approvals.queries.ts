import { sql, sqlArray, type AdminApprovalRequestsTable, type Sql, type UsersTable } from '@mirrorline/shared';
import { usersTable } from '@mirrorline/accounts/sql';
import type { ApprovalKind, ApprovalStatus } from '../../domain/approval-request';
import type { NewApprovalRequest } from '../../application/ports/approval-requests';

/** A request's row (amount and ledger transaction id as text). */
export type ApprovalRow = Pick<
  AdminApprovalRequestsTable,
  'id' | 'target_user_id' | 'requested_by' | 'amount' | 'reason' | 'decided_by' | 'decided_at' | 'ledger_transaction_id' | 'created_at'
> & { kind: ApprovalKind; status: ApprovalStatus };

/** A request with the names the list shows (target, requester, decider). */
export type ApprovalViewRow = ApprovalRow & {
  target_username: UsersTable['username'];
  target_email: UsersTable['email'];
  requester_username: UsersTable['username'];
  decider_username: UsersTable['username'] | null;
};

/** An ApprovalRow's columns (alias r = admin_approval_requests). */
const COLUMNS = sql`r.id, r.kind, r.target_user_id, r.requested_by, r.amount::text AS amount, r.reason, r.status, r.decided_by, r.decided_at,
                    r.ledger_transaction_id::text AS ledger_transaction_id, r.created_at`;
/** The request with the names the list shows (accounts' `users`, joined through its published fragment). */
const VIEW = sql`SELECT ${COLUMNS}, t.username AS target_username, t.email AS target_email,
                        q.username AS requester_username, d.username AS decider_username
                   FROM admin_approval_requests r JOIN ${usersTable} t ON t.id = r.target_user_id
                   JOIN ${usersTable} q ON q.id = r.requested_by LEFT JOIN ${usersTable} d ON d.id = r.decided_by`;

const statusFilter = (status: ApprovalStatus | undefined) => (status ? sql`WHERE r.status = ${status}` : sql``);

/** Named builders over `admin_approval_requests` (SqlApprovalRequests and the admin overview run them). */
export const approvalsQueries = {
  pendingCount(): Sql<{ n: string }> {
    return sql`SELECT count(*) AS n FROM admin_approval_requests WHERE status = 'pending'`;
  },

  /** A new pending request (the partial unique index refuses a second pending grant of a user: 23505). */
  insert(request: NewApprovalRequest): Sql<ApprovalRow> {
    return sql<ApprovalRow>`INSERT INTO admin_approval_requests AS r (kind, target_user_id, requested_by, amount, reason)
       VALUES (${request.kind}, ${request.targetUserId}, ${request.requestedBy}, ${request.amount ?? null}, ${request.reason ?? null})
       RETURNING ${COLUMNS}`;
  },

  lock(id: string): Sql<ApprovalRow> {
    return sql<ApprovalRow>`SELECT ${COLUMNS} FROM admin_approval_requests r WHERE r.id = ${id} FOR UPDATE`;
  },

  /** Decides a pending request (no row: it was not pending). */
  decide(
    id: string,
    decision: { status: Exclude<ApprovalStatus, 'pending'>; decidedBy: string; at: Date; ledgerTransactionId?: string | null },
  ): Sql<ApprovalRow> {
    return sql<ApprovalRow>`UPDATE admin_approval_requests r SET status = ${decision.status}, decided_by = ${decision.decidedBy}, decided_at = ${decision.at},
              ledger_transaction_id = ${decision.ledgerTransactionId ?? null}
        WHERE r.id = ${id} AND r.status = 'pending' RETURNING ${COLUMNS}`;
  },

  listCount(status: ApprovalStatus | undefined): Sql<{ total: string }> {
    return sql<{ total: string }>`SELECT count(*) AS total FROM admin_approval_requests r ${statusFilter(status)}`;
  },

  /** A page of the list, newest first. */
  listPage(status: ApprovalStatus | undefined, limit: number, offset: number): Sql<ApprovalViewRow> {
    return sql<ApprovalViewRow>`${VIEW} ${statusFilter(status)} ORDER BY r.created_at DESC, r.id LIMIT ${limit} OFFSET ${offset}`;
  },

  view(id: string): Sql<ApprovalViewRow> {
    return sql<ApprovalViewRow>`${VIEW} WHERE r.id = ${id}`;
  },

  /** The pending requests about these users, oldest first. */
  pendingOf(userIds: readonly string[]): Sql<ApprovalRow> {
    return sql<ApprovalRow>`SELECT ${COLUMNS} FROM admin_approval_requests r
        WHERE r.status = 'pending' AND r.target_user_id = ANY(${sqlArray(userIds)}::uuid[]) ORDER BY r.created_at`;
  },
};
