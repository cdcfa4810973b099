import { Injectable } from '@nestjs/common';
import type { Page, PageQuery } from '@mirrorline/shared';
import type { ApprovalStatus } from '../../../domain/approval-request';
import { ApprovalRequests, type ApprovalRequestView } from '../../ports/approval-requests';

/** GET admin/approvals: the requests waiting for a second admin (or decided ones, by status), newest first. */
@Injectable()
export class ListApprovalRequestsUseCase {
  constructor(private readonly requests: ApprovalRequests) {}

  execute(query: PageQuery & { status?: ApprovalStatus }): Promise<Page<ApprovalRequestView>> {
    return this.requests.list(query);
  }
}
