import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, sqlStateOf, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { approvalErrors, type ApprovalRequest, type ApprovalStatus } from '../../domain/approval-request';
import { ApprovalRequests, type ApprovalRequestView, type NewApprovalRequest } from '../../application/ports/approval-requests';
import { executorOf } from '@mirrorline/shared/nest';
import { approvalsQueries as q, type ApprovalRow, type ApprovalViewRow } from './approvals.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toRequest = (row: ApprovalRow): ApprovalRequest => ({
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

const toView = (row: ApprovalViewRow): ApprovalRequestView => ({
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
      const [row] = await runSql(executorOf(this.em, tx), q.insert(request));
      return toRequest(row);
    } catch (error) {
      // the partial unique index: one pending grant per user
      if (sqlStateOf(error) === '23505') throw approvalErrors.grantPending();
      throw error;
    }
  }

  async lock(tx: TransactionContext, id: string): Promise<ApprovalRequest | null> {
    if (!UUID.test(id)) return null;
    const [row] = await runSql(executorOf(this.em, tx), q.lock(id));
    return row ? toRequest(row) : null;
  }

  async decide(
    tx: TransactionContext,
    id: string,
    decision: { status: Exclude<ApprovalStatus, 'pending'>; decidedBy: string; at: Date; ledgerTransactionId?: string | null },
  ): Promise<ApprovalRequest> {
    const [row] = await runSql(executorOf(this.em, tx), q.decide(id, decision));
    return toRequest(row);
  }

  async list(query: PageQuery & { status?: ApprovalStatus }): Promise<Page<ApprovalRequestView>> {
    const em = this.em.fork();
    const [{ total }] = await runSql(em, q.listCount(query.status));
    const rows = await runSql(em, q.listPage(query.status, query.limit, pageOffset(query)));
    return { items: rows.map(toView), total: Number(total), page: query.page, limit: query.limit };
  }

  async view(tx: TransactionContext | null, id: string): Promise<ApprovalRequestView | null> {
    if (!UUID.test(id)) return null;
    const [row] = await runSql(executorOf(this.em, tx), q.view(id));
    return row ? toView(row) : null;
  }

  async pendingOf(tx: TransactionContext | null, userIds: readonly string[]): Promise<Map<string, ApprovalRequest[]>> {
    const byUser = new Map<string, ApprovalRequest[]>();
    if (!userIds.length) return byUser;
    const rows = await runSql(executorOf(this.em, tx), q.pendingOf(userIds));
    for (const row of rows) {
      const list = byUser.get(row.target_user_id) ?? [];
      list.push(toRequest(row));
      byUser.set(row.target_user_id, list);
    }
    return byUser;
  }
}
