import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, sql, sqlArray, sqlStateOf, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { approvalErrors, type ApprovalKind, type ApprovalRequest, type ApprovalStatus } from '../../domain/approval-request';
import { ApprovalRequests, type ApprovalRequestView, type NewApprovalRequest } from '../../application/ports/approval-requests';
import { executorOf } from '@mirrorline/shared/nest';
import { usersTable } from '@mirrorline/accounts/sql';

interface Row {
  id: string;
  kind: ApprovalKind;
  target_user_id: string;
  requested_by: string;
  amount: string | null;
  reason: string | null;
  status: ApprovalStatus;
  decided_by: string | null;
  decided_at: Date | null;
  ledger_transaction_id: string | null;
  created_at: Date;
}
interface ViewRow extends Row {
  target_username: string;
  target_email: string;
  requester_username: string;
  decider_username: string | null;
}

const COLUMNS = sql`r.id, r.kind, r.target_user_id, r.requested_by, r.amount::text AS amount, r.reason, r.status, r.decided_by, r.decided_at,
                    r.ledger_transaction_id::text AS ledger_transaction_id, r.created_at`;
/** The request with the names the list shows (accounts' `users`, joined through its published fragment). */
const VIEW = sql`SELECT ${COLUMNS}, t.username AS target_username, t.email AS target_email,
                        q.username AS requester_username, d.username AS decider_username
                   FROM admin_approval_requests r JOIN ${usersTable} t ON t.id = r.target_user_id
                   JOIN ${usersTable} q ON q.id = r.requested_by LEFT JOIN ${usersTable} d ON d.id = r.decided_by`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toRequest = (row: Row): ApprovalRequest => ({
  id: row.id,
  kind: row.kind,
  targetUserId: row.target_user_id,
  requestedBy: row.requested_by,
  amount: row.amount === null ? null : Number(row.amount),
  reason: row.reason,
  status: row.status,
  decidedBy: row.decided_by,
  decidedAt: row.decided_at ? new Date(row.decided_at) : null,
  ledgerTransactionId: row.ledger_transaction_id,
  createdAt: new Date(row.created_at),
});

const toView = (row: ViewRow): ApprovalRequestView => ({
  ...toRequest(row),
  target: { id: row.target_user_id, username: row.target_username, email: row.target_email },
  requester: { id: row.requested_by, username: row.requester_username },
  decider: row.decided_by ? { id: row.decided_by, username: row.decider_username ?? '' } : null,
});

@Injectable()
export class SqlApprovalRequests extends ApprovalRequests {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async insert(tx: TransactionContext, request: NewApprovalRequest): Promise<ApprovalRequest> {
    try {
      const [row] = await runSql(
        executorOf(this.em, tx),
        sql<Row>`INSERT INTO admin_approval_requests AS r (kind, target_user_id, requested_by, amount, reason)
                 VALUES (${request.kind}, ${request.targetUserId}, ${request.requestedBy}, ${request.amount ?? null}, ${request.reason ?? null})
                 RETURNING ${COLUMNS}`,
      );
      return toRequest(row);
    } catch (error) {
      // the partial unique index: one pending grant per user
      if (sqlStateOf(error) === '23505') throw approvalErrors.grantPending();
      throw error;
    }
  }

  async lock(tx: TransactionContext, id: string): Promise<ApprovalRequest | null> {
    if (!UUID.test(id)) return null;
    const [row] = await runSql(executorOf(this.em, tx), sql<Row>`SELECT ${COLUMNS} FROM admin_approval_requests r WHERE r.id = ${id} FOR UPDATE`);
    return row ? toRequest(row) : null;
  }

  async decide(
    tx: TransactionContext,
    id: string,
    decision: { status: Exclude<ApprovalStatus, 'pending'>; decidedBy: string; at: Date; ledgerTransactionId?: string | null },
  ): Promise<ApprovalRequest> {
    const [row] = await runSql(
      executorOf(this.em, tx),
      sql<Row>`UPDATE admin_approval_requests r SET status = ${decision.status}, decided_by = ${decision.decidedBy}, decided_at = ${decision.at},
                      ledger_transaction_id = ${decision.ledgerTransactionId ?? null}
                WHERE r.id = ${id} AND r.status = 'pending' RETURNING ${COLUMNS}`,
    );
    return toRequest(row);
  }

  async list(query: PageQuery & { status?: ApprovalStatus }): Promise<Page<ApprovalRequestView>> {
    const em = this.em.fork();
    const where = query.status ? sql`WHERE r.status = ${query.status}` : sql``;
    const [{ total }] = await runSql(em, sql<{ total: string }>`SELECT count(*) AS total FROM admin_approval_requests r ${where}`);
    const rows = await runSql(em, sql<ViewRow>`${VIEW} ${where} ORDER BY r.created_at DESC, r.id LIMIT ${query.limit} OFFSET ${pageOffset(query)}`);
    return { items: rows.map(toView), total: Number(total), page: query.page, limit: query.limit };
  }

  async view(tx: TransactionContext | null, id: string): Promise<ApprovalRequestView | null> {
    if (!UUID.test(id)) return null;
    const [row] = await runSql(executorOf(this.em, tx), sql<ViewRow>`${VIEW} WHERE r.id = ${id}`);
    return row ? toView(row) : null;
  }

  async pendingOf(tx: TransactionContext | null, userIds: readonly string[]): Promise<Map<string, ApprovalRequest[]>> {
    const byUser = new Map<string, ApprovalRequest[]>();
    if (!userIds.length) return byUser;
    const rows = await runSql(
      executorOf(this.em, tx),
      sql<Row>`SELECT ${COLUMNS} FROM admin_approval_requests r
                WHERE r.status = 'pending' AND r.target_user_id = ANY(${sqlArray(userIds)}::uuid[]) ORDER BY r.created_at`,
    );
    for (const row of rows) {
      const list = byUser.get(row.target_user_id) ?? [];
      list.push(toRequest(row));
      byUser.set(row.target_user_id, list);
    }
    return byUser;
  }
}
