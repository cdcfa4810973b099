import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Req } from '@nestjs/common';
import {
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
import { formatCents, parseAmount } from '@mirrorline/shared';
import { CurrentUser, Roles, type AuthenticatedUser, MfaEnrolmentExempt } from '@mirrorline/auth';
import type { Actor } from '../../application/actor';
import { GetMyProfileUseCase } from '../../application/use-cases/get-my-profile/get-my-profile.use-case';
import { ListUsersUseCase } from '../../application/use-cases/list-users/list-users.use-case';
import { CreateUserUseCase } from '../../application/use-cases/create-user/create-user.use-case';
import { BlockUserUseCase } from '../../application/use-cases/block-user/block-user.use-case';
import { DeleteUserUseCase } from '../../application/use-cases/delete-user/delete-user.use-case';
import { UpdateUserUseCase } from '../../application/use-cases/update-user/update-user.use-case';
import { AdjustUserBalanceUseCase } from '../../application/use-cases/adjust-user-balance/adjust-user-balance.use-case';
import { NotImpersonated } from '@mirrorline/auth';
import { Idempotent } from '@mirrorline/wallet';
import { BalanceAdjustmentRequestDto, BlockUserRequestDto, CreateUserRequestDto, DeleteUserRequestDto, ListUsersQueryDto, UpdateUserRequestDto } from './dto/user.dto';
import { BalanceAdjustedDto, MeDto, UserBlockedDto, UserCreatedDto, UserMessageDto, UsersPageDto, UserUpdatedDto } from './dto/user.response.dto';
import { presentProfile, presentUser } from './user.presenter';

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
    private readonly adjustBalance: AdjustUserBalanceUseCase,
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
  @ApiOperation({ summary: 'Create a user with a pre-verified email; roles always include User (Admin)', description: 'The email counts as verified; roles always include User; a Trader gets a trader profile. Audited.' })
  @ApiCreatedResponse({ type: UserCreatedDto })
  @ApiConflictResponse({ description: 'USERS.EMAIL_TAKEN or USERS.USERNAME_TAKEN' })
  async create(@Body() body: CreateUserRequestDto, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    const created = await this.createUser.execute({ ...body, roles: body.roles ?? [], actor: actorOf(user, request) });
    return { message: 'User created successfully', user: presentUser(created) };
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
  @ApiOperation({ summary: 'Change only the sent fields: balance (audited ledger adjustment), roles, KYC (Admin)', description: 'Only the sent fields, and only those that differ, change. A balance is applied as an audited ledger adjustment with a reason; nobody adjusts their own balance.' })
  @ApiOkResponse({ type: UserUpdatedDto })
  @ApiNotFoundResponse({ description: 'USERS.NOT_FOUND' })
  async update(@Body() body: UpdateUserRequestDto, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    const result = await this.updateUser.execute({
      actor: actorOf(user, request),
      userId: body.userId,
      cash: body.balance === undefined ? undefined : parseAmount(body.balance),
      roles: body.roles,
      kycStatus: body.KYC,
    });
    return {
      message: result.changed.length ? 'User updated successfully' : 'No changes to update',
      changed: result.changed,
      user: presentUser(result.user),
    };
  }

  @Post(':id/balance-adjustments')
  @HttpCode(201)
  @Roles('Admin')
  @NotImpersonated()
  @Idempotent()
  @ApiOperation({
    summary: 'Adjust a user\'s cash by +/− an amount, with a reason (Admin)',
    description:
      'One double-entry ledger transaction between the user\'s cash and the platform adjustments account, audited (user.balance_adjust) with the amount and the reason. The result never goes below zero; nobody adjusts their own balance.',
  })
  @ApiCreatedResponse({ type: BalanceAdjustedDto })
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
    const result = await this.adjustBalance.execute({ actor: actorOf(user, request), userId: id, amount: negative ? -cents : cents, reason: body.reason });
    return {
      message: 'Balance adjusted',
      adjustment: {
        before: formatCents(result.before),
        after: formatCents(result.after),
        amount: (negative ? '-' : '') + formatCents(cents),
        ledgerTransactionId: result.ledgerTransactionId,
      },
      user: presentUser(result.user),
    };
  }
}
