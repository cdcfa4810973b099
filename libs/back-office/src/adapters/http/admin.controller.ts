import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { formatCents } from '@mirrorline/shared';
import { CurrentUser, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { GetAdminOverviewUseCase } from '../../application/use-cases/get-admin-overview/get-admin-overview.use-case';
import { ImpersonateUserUseCase } from '../../application/use-cases/impersonate-user/impersonate-user.use-case';
import { AdminDetailsDto, ImpersonationTokenDto } from './dto/user.response.dto';
import { ImpersonateRequestDto } from './dto/user.dto';
import { NotImpersonated } from '@mirrorline/auth';
import { actorOf } from './users.controller';

@ApiTags('admin')
@ApiBearerAuth('bearer')
@ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin' })
@Controller()
export class AdminController {
  constructor(
    private readonly overview: GetAdminOverviewUseCase,
    private readonly impersonate: ImpersonateUserUseCase,
  ) {}

  @Get('admin_details')
  @Roles('Admin')
  @ApiOperation({ summary: 'Counts and totals for the admin overview (Admin)', description: 'User, trader, copy and KYC counts; cash, trading and held totals; pending deposits and withdrawals with their amounts.' })
  @ApiOkResponse({ type: AdminDetailsDto })
  async details() {
    const o = await this.overview.execute();
    return {
      ...o,
      totalCash: formatCents(o.totalCash),
      totalTradingBalance: formatCents(o.totalTradingBalance),
      totalHeld: formatCents(o.totalHeld),
      pendingDepositsAmount: formatCents(o.pendingDepositsAmount),
      pendingWithdrawalsAmount: formatCents(o.pendingWithdrawalsAmount),
    };
  }

  @Post('admin/impersonate')
  @HttpCode(200)
  @Roles('Admin')
  @NotImpersonated()
  @ApiOperation({ summary: "An access token for another user (claims carry imp: the admin's id); audited (Admin)", description: 'A read-only access token for the user (its claims carry the admin\'s id); money-moving and security actions are refused while impersonating. Audited.' })
  @ApiOkResponse({ type: ImpersonationTokenDto })
  @ApiNotFoundResponse({ description: 'USERS.NOT_FOUND' })
  async impersonateUser(@Body() body: ImpersonateRequestDto, @CurrentUser() user: AuthenticatedUser, @Req() request: Request) {
    return this.impersonate.execute({ actor: actorOf(user, request), userId: body.userId });
  }
}
