import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { parseAmount } from '@mirrorline/shared';
import { CurrentUser, Roles, type AuthenticatedUser, MfaEnrolmentExempt } from '@mirrorline/auth';
import type { Actor } from '../../application/actor';
import { GetMyProfileUseCase } from '../../application/use-cases/get-my-profile/get-my-profile.use-case';
import { ListUsersUseCase } from '../../application/use-cases/list-users/list-users.use-case';
import { CreateUserUseCase } from '../../application/use-cases/create-user/create-user.use-case';
import { BlockUserUseCase } from '../../application/use-cases/block-user/block-user.use-case';
import { DeleteUserUseCase } from '../../application/use-cases/delete-user/delete-user.use-case';
import { UpdateUserUseCase } from '../../application/use-cases/update-user/update-user.use-case';
import { RequestBalanceAdjustmentUseCase } from '../../application/use-cases/request-balance-adjustment/request-balance-adjustment.use-case';
import { NotImpersonated } from '@mirrorline/auth';
import { Idempotent } from '@mirrorline/wallet';
import { BalanceAdjustmentRequestDto, BlockUserRequestDto, CreateUserRequestDto, DeleteUserRequestDto, ListUsersQueryDto, UpdateUserRequestDto } from './dto/user.dto';
import { BalanceAdjustmentRequestedDto, MeDto, UserBlockedDto, UserCreatedDto, UserMessageDto, UsersPageDto, UserUpdatedDto } from './dto/user.response.dto';
import { presentApproval, presentProfile, presentUser } from './user.presenter';

export const actorOf = (user: AuthenticatedUser, request: Request): Actor => ({
  userId: user.userId,
  roles: user.roles,
  impersonatedBy: user.impersonatedBy,
  ip: request.ip ?? null,
  sessionId: user.sessionId,
});

@ApiTags('users')
@ApiBearerAuth('bearer')
@ApiUnauthorizedResponse({ description: 'No bearer token' })
@Controller('user')
export class UsersController {
  constructor(
    private readonly getMyProfile: GetMyProfileUseCase,
    private readonly listUsers: ListUsersUseCase,
    private readonly createUser: CreateUserUseCase,
    private readonly blockUser: BlockUserUseCase,
    private readonly deleteUser: DeleteUserUseCase,
    private readonly updateUser: UpdateUserUseCase,
    private readonly requestAdjustment: RequestBalanceAdjustmentUseCase,
  ) {}

  @Get('get')
  @MfaEnrolmentExempt()
  @ApiOperation({ summary: "The caller's profile with live balances, KYC, roles and copies", description: 'The seed\'s UserInfo (roles, KYC, trader id, copies) with live balances: cash, trading balance (also at the market) and held funds.' })
  @ApiOkResponse({ type: MeDto })
  async me(@CurrentUser() user: AuthenticatedUser) {
    return { user: presentProfile(await this.getMyProfile.execute(user.userId)) };
  }

  @Get('get-all')
  @Roles('Admin')
  @ApiOperation({ summary: 'All users, paged and searchable by username or email (Admin)', description: 'Paged; `search` matches part of a username or email. Each row has roles, KYC, balances and blocked state.' })
  @ApiOkResponse({ type: UsersPageDto })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin' })
  async getAll(@Query() query: ListUsersQueryDto) {
    const page = await this.listUsers.execute({ page: query.page ?? 1, limit: query.limit ?? 20, search: query.search?.trim() || undefined });
    return { users: page.items.map(presentUser), total: page.total, page: page.page, limit: page.limit };
  }

  @Post('create')
  @Roles('Admin')
  @ApiOperation({
    summary: 'Create a user with a pre-verified email; roles always include User (Admin)',
    description: 'The email counts as verified; roles always include User; a Trader gets a trader profile. Audited. Admin in `roles` is a request another admin approves (four eyes): the user is created without it meanwhile.',
  })
  @ApiCreatedResponse({ type: UserCreatedDto })
  @ApiConflictResponse({ description: 'USERS.EMAIL_TAKEN or USERS.USERNAME_TAKEN' })
  async create(@Body() body: CreateUserRequestDto, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    const created = await this.createUser.execute({ ...body, roles: body.roles ?? [], actor: actorOf(user, request) });
    const message = created.requested.length ? 'User created; the Admin role waits for another admin\'s approval' : 'User created successfully';
    return { message, user: presentUser(created) };
  }

  @Post('block')
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({ summary: "Block (default) or unblock a user; blocking revokes the user's sessions (Admin)", description: 'Blocking signs the user out everywhere and refuses new sign-ins; `blocked: false` unblocks. Audited.' })
  @ApiOkResponse({ type: UserBlockedDto })
  @ApiNotFoundResponse({ description: 'USERS.NOT_FOUND' })
  async block(@Body() body: BlockUserRequestDto, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    const blocked = body.blocked ?? true;
    const account = await this.blockUser.execute({ actor: actorOf(user, request), userId: body.userId, blocked });
    return {
      message: blocked ? 'User blocked successfully' : 'User unblocked successfully',
      user: { _id: account.id, username: account.username, email: account.email, blocked: account.blocked },
    };
  }

  @Post('delete')
  @HttpCode(200)
  @NotImpersonated()
  @ApiOperation({ summary: 'Delete a user (Admin), or your own account with your password; 409 while it holds money or open copies', description: 'An admin deletes any user; a user deletes their own account with their password. Refused (409) while the account holds money or open copies.' })
  @ApiOkResponse({ type: UserMessageDto })
  @ApiNotFoundResponse({ description: 'USERS.NOT_FOUND' })
  @ApiConflictResponse({ description: 'USERS.HAS_FUNDS: the account still holds money or open copies' })
  async delete(@Body() body: DeleteUserRequestDto, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    await this.deleteUser.execute({ actor: actorOf(user, request), userId: body.userId, password: body.password });
    return { message: 'User deleted successfully' };
  }

  @Patch('update')
  @Roles('Admin')
  @Idempotent()
  @ApiOperation({
    summary: 'Change only the sent fields: roles and KYC now; the Admin role and the balance as requests another admin approves (Admin)',
    description: 'Only the sent fields, and only those that differ, change. Four eyes (product.md §11.4): adding the Admin role and a new balance (an adjustment of the difference) are requests that another admin approves (`requested`); nobody asks for their own balance.',
  })
  @ApiOkResponse({ type: UserUpdatedDto })
  @ApiNotFoundResponse({ description: 'USERS.NOT_FOUND' })
  @ApiConflictResponse({ description: 'APPROVAL.GRANT_PENDING: the Admin role is already requested; WALLET.INSUFFICIENT_FUNDS; USERS.CANNOT_DEMOTE_SELF; USERS.TRADER_HAS_FOLLOWERS' })
  async update(@Body() body: UpdateUserRequestDto, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    const result = await this.updateUser.execute({
      actor: actorOf(user, request),
      userId: body.userId,
      cash: body.balance === undefined ? undefined : parseAmount(body.balance),
      roles: body.roles,
      kycStatus: body.KYC,
    });
    const requested = result.requested.map((r) => (r.kind === 'admin_grant' ? 'roles' : 'balance'));
    const message = result.changed.length
      ? requested.length
        ? `User updated; waiting for another admin's approval: ${requested.join(', ')}`
        : 'User updated successfully'
      : requested.length
        ? `Waiting for another admin's approval: ${requested.join(', ')}`
        : 'No changes to update';
    return { message, changed: result.changed, requested, user: presentUser(result.user) };
  }

  @Post(':id/balance-adjustments')
  @HttpCode(202)
  @Roles('Admin')
  @NotImpersonated()
  @Idempotent()
  @ApiOperation({
    summary: 'Ask for an adjustment of a user\'s cash by +/− an amount, with a reason; another admin approves it (Admin)',
    description:
      'Four eyes (product.md §11.4): the adjustment is a request; nothing moves until a different admin approves it at admin/approvals/:id/approve, which posts one double-entry ledger transaction between the user\'s cash and the platform adjustments account, audited. Nobody asks for their own balance; a debit the cash cannot cover is refused now and at approval.',
  })
  @ApiAcceptedResponse({ type: BalanceAdjustmentRequestedDto })
  @ApiNotFoundResponse({ description: 'USERS.NOT_FOUND' })
  @ApiConflictResponse({ description: 'WALLET.INSUFFICIENT_FUNDS: the result would be below zero' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin, or your own balance; IMPERSONATION_FORBIDDEN' })
  async adjust(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: BalanceAdjustmentRequestDto,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: Request,
  ) {
    const negative = body.amount.startsWith('-');
    const cents = parseAmount(body.amount.replace(/^[+-]/, ''));
    const requested = await this.requestAdjustment.execute({ actor: actorOf(user, request), userId: id, amount: negative ? -cents : cents, reason: body.reason });
    return { message: 'Balance adjustment requested: another admin must approve it', request: presentApproval(requested) };
  }
}
