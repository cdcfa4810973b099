import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser, TradeScope } from '@mirrorline/auth';
import { parseAmount } from '@mirrorline/shared';
import { Idempotent } from '@mirrorline/wallet';
import { AcceptCopyShareUseCase } from '../../application/use-cases/accept-copy-share/accept-copy-share.use-case';
import { AddCopyFundsUseCase } from '../../application/use-cases/add-copy-funds/add-copy-funds.use-case';
import { ChangeCopyStatusUseCase } from '../../application/use-cases/change-copy-status/change-copy-status.use-case';
import { FollowTraderUseCase } from '../../application/use-cases/follow-trader/follow-trader.use-case';
import { ReadCopyTradingUseCase } from '../../application/use-cases/read-copy-trading/read-copy-trading.use-case';
import { UpdateCopySettingsUseCase } from '../../application/use-cases/update-copy-settings/update-copy-settings.use-case';
import { WithdrawCopyFundsUseCase } from '../../application/use-cases/withdraw-copy-funds/withdraw-copy-funds.use-case';
import { PageQueryDto } from '@mirrorline/shared';
import { CopyAmountDto, CopySettingsDto, FollowTraderDto, StatusPageQueryDto } from './dto/copy-trading.dto';
import { CopiedTradesPageDto, CopyDto, CopySettingsResponseDto, SkipsPageDto } from './dto/copy-trading.response.dto';

@ApiTags('copies')
@ApiBearerAuth('bearer')
@Controller()
export class CopiesController {
  constructor(
    private readonly read: ReadCopyTradingUseCase,
    private readonly follow: FollowTraderUseCase,
    private readonly addFunds: AddCopyFundsUseCase,
    private readonly withdrawFunds: WithdrawCopyFundsUseCase,
    private readonly changeStatus: ChangeCopyStatusUseCase,
    private readonly updateSettings: UpdateCopySettingsUseCase,
    private readonly acceptShare: AcceptCopyShareUseCase,
  ) {}

  private async copyOf(userId: string, copyId: string) {
    return (await this.read.myCopies(userId)).find((copy) => copy.id === copyId)!;
  }

  /** My copies with equity, invested, pnl (realised, net of profit share) and status. */
  @Get('copies')
  @ApiOkResponse({ type: [CopyDto], description: 'list of my copies' })
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.read.myCopies(user.userId);
  }

  /** Follow a trader: cash → copy equity. Needs a verified email and KYC Verified. */
  @Post('copies')
  @TradeScope()
  @Idempotent()
  @ApiCreatedResponse({ type: CopyDto, description: 'the new copy' })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: FollowTraderDto) {
    const { copyId } = await this.follow.execute({
      userId: user.userId,
      traderId: body.traderId,
      amount: parseAmount(body.amount),
      stopLossPct: body.stopLossPct ?? null,
    });
    return this.copyOf(user.userId, copyId);
  }

  @Get('copies/settings')
  @ApiOkResponse({ type: CopySettingsResponseDto, description: 'the daily loss limit, today\'s pnl and whether the limit is reached' })
  settings(@CurrentUser() user: AuthenticatedUser) {
    return this.read.settings(user.userId);
  }

  /** Account-wide daily loss limit across all copies (null removes it). */
  @Patch('copies/settings')
  @ApiOkResponse({ type: CopySettingsResponseDto, description: 'the daily loss limit, today\'s pnl and whether the limit is reached' })
  patchSettings(@CurrentUser() user: AuthenticatedUser, @Body() body: CopySettingsDto) {
    return this.updateSettings.execute({ userId: user.userId, dailyLossLimit: body.dailyLossLimit === null ? null : parseAmount(body.dailyLossLimit) });
  }

  /** Trades my copies did not take, with the reason (paused, stopping, zero_size, daily_loss_limit). */
  @Get('copies/skips')
  @ApiOkResponse({ type: SkipsPageDto, description: 'skipped trades, newest first' })
  skips(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto) {
    return this.read.mySkips(user.userId, { page: query.page ?? 1, limit: query.limit ?? 20 });
  }

  @Post('copies/:id/funds')
  @TradeScope()
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy' })
  async funds(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: CopyAmountDto) {
    await this.addFunds.execute({ userId: user.userId, copyId: id, amount: parseAmount(body.amount) });
    return this.copyOf(user.userId, id);
  }

  @Post('copies/:id/withdraw')
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy' })
  async withdraw(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: CopyAmountDto) {
    await this.withdrawFunds.execute({ userId: user.userId, copyId: id, amount: parseAmount(body.amount) });
    return this.copyOf(user.userId, id);
  }

  @Post('copies/:id/pause')
  @TradeScope()
  @HttpCode(200)
  @ApiOkResponse({ type: CopyDto, description: 'the copy' })
  async pause(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    await this.changeStatus.execute({ userId: user.userId, copyId: id, action: 'pause' });
    return this.copyOf(user.userId, id);
  }

  @Post('copies/:id/resume')
  @TradeScope()
  @HttpCode(200)
  @ApiOkResponse({ type: CopyDto, description: 'the copy' })
  async resume(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    await this.changeStatus.execute({ userId: user.userId, copyId: id, action: 'resume' });
    return this.copyOf(user.userId, id);
  }

  /**
   * No new trades; open positions stay until the trader closes them, then the equity returns to cash.
   * Can move money (equity → cash at once), hence Idempotency-Key.
   */
  @Post('copies/:id/stop')
  @TradeScope()
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy (status stopping, or stopped when nothing was open)' })
  async stop(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    await this.changeStatus.execute({ userId: user.userId, copyId: id, action: 'stop' });
    return this.copyOf(user.userId, id);
  }

  /**
   * Take the trader's current profit share for this copy. A copy keeps the share it was opened with; a trader's
   * change applies to new copies only, unless the follower accepts it here (product.md §10).
   */
  @Post('copies/:id/accept-share')
  @HttpCode(200)
  @ApiOkResponse({ type: CopyDto, description: 'the copy, with its share now equal to the trader\'s current share' })
  async acceptShareOf(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    await this.acceptShare.execute({ userId: user.userId, copyId: id });
    return this.copyOf(user.userId, id);
  }

  /** My copied positions, open and closed, with pnl and the divergence from the trader's trade. */
  @Get('trades')
  @ApiOkResponse({ type: CopiedTradesPageDto, description: 'my copied positions, newest first' })
  trades(@CurrentUser() user: AuthenticatedUser, @Query() query: StatusPageQueryDto) {
    return this.read.myTrades(user.userId, { page: query.page ?? 1, limit: query.limit ?? 20 }, query.status);
  }
}
