import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, NotImpersonated, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { Idempotent } from '@mirrorline/wallet';
import { DecideApprovalRequestUseCase } from '../../application/use-cases/decide-approval-request/decide-approval-request.use-case';
import { ListApprovalRequestsUseCase } from '../../application/use-cases/list-approval-requests/list-approval-requests.use-case';
import { ApprovalsQueryDto } from './dto/user.dto';
import { ApprovalDecidedDto, ApprovalRequestsPageDto } from './dto/user.response.dto';
import { presentApproval } from './user.presenter';
import { actorOf } from './users.controller';

/**
 * Four eyes for admin power (product.md §11.4): the requests a grant of the Admin role and a manual balance
 * adjustment become, and their decisions. A different Admin approves; nobody approves a request that benefits
 * themselves (403 FORBIDDEN for the requester and for the user it benefits).
 */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@Roles('Admin')
@Controller('admin/approvals')
export class ApprovalsController {
  constructor(
    private readonly list: ListApprovalRequestsUseCase,
    private readonly decide: DecideApprovalRequestUseCase,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Requests waiting for a second admin (Admin)', description: 'Grants of the Admin role and balance adjustments, newest first; `status` pending (default), approved or rejected.' })
  @ApiOkResponse({ type: ApprovalRequestsPageDto })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin' })
  async requests(@Query() query: ApprovalsQueryDto) {
    const page = await this.list.execute({ status: query.status ?? 'pending', page: query.page ?? 1, limit: query.limit ?? 20 });
    return { items: page.items.map(presentApproval), total: page.total, page: page.page, limit: page.limit };
  }

  @Post(':id/approve')
  @HttpCode(200)
  @NotImpersonated()
  @Idempotent()
  @ApiOperation({
    summary: 'Approve a request: the Admin role is granted, or the adjustment is posted to the ledger (Admin, not the requester or the user it benefits)',
    description: 'Applies the request in one transaction with the decision and its audit. A retry with the same Idempotency-Key replays the answer; the adjustment is posted once whatever happens (its ledger reference is the request\'s).',
  })
  @ApiOkResponse({ type: ApprovalDecidedDto })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin, your own request, or a request that benefits you; IMPERSONATION_FORBIDDEN' })
  @ApiNotFoundResponse({ description: 'APPROVAL.NOT_FOUND; USERS.NOT_FOUND (the user was deleted)' })
  @ApiConflictResponse({ description: 'APPROVAL.ALREADY_DECIDED; WALLET.INSUFFICIENT_FUNDS: the adjustment would now take the cash below zero (the request stays pending)' })
  async approve(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    return { message: 'Request approved', request: presentApproval(await this.decide.approve({ actor: actorOf(user, request), requestId: id })) };
  }

  @Post(':id/reject')
  @HttpCode(200)
  @NotImpersonated()
  @ApiOperation({ summary: 'Reject a pending request (Admin; the requester withdraws it so)', description: 'Nothing is applied; the decision is audited.' })
  @ApiOkResponse({ type: ApprovalDecidedDto })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin; IMPERSONATION_FORBIDDEN' })
  @ApiNotFoundResponse({ description: 'APPROVAL.NOT_FOUND' })
  @ApiConflictResponse({ description: 'APPROVAL.ALREADY_DECIDED' })
  async reject(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    return { message: 'Request rejected', request: presentApproval(await this.decide.reject({ actor: actorOf(user, request), requestId: id })) };
  }
}
