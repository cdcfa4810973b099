import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser, TradeScope } from '@mirrorline/auth';
import { DomainError, parseAmount } from '@mirrorline/shared';
import { Idempotent, OperationRef } from '@mirrorline/wallet';
import { AcceptCopyShareUseCase } from '../../application/use-cases/accept-copy-share/accept-copy-share.use-case';
import { AddCopyFundsUseCase } from '../../application/use-cases/add-copy-funds/add-copy-funds.use-case';
import { ChangeCopyStatusUseCase } from '../../application/use-cases/change-copy-status/change-copy-status.use-case';
import { FollowTraderUseCase } from '../../application/use-cases/follow-trader/follow-trader.use-case';
import { ReadCopyTradingUseCase } from '../../application/use-cases/read-copy-trading/read-copy-trading.use-case';
import { UpdateCopySettingsUseCase } from '../../application/use-cases/update-copy-settings/update-copy-settings.use-case';
import { WithdrawCopyFundsUseCase } from '../../application/use-cases/withdraw-copy-funds/withdraw-copy-funds.use-case';
import { PageQueryDto } from '@mirrorline/shared/nest';
import { CloseCopyPositionsUseCase } from '../../application/use-cases/close-copy-positions/close-copy-positions.use-case';
import { UpdateCopyGuardsUseCase } from '../../application/use-cases/update-copy-guards/update-copy-guards.use-case';
import { assertEmptyBody, CopyAmountDto, CopyGuardsDto, CopySettingsDto, FollowTraderDto, StatusPageQueryDto, StopCopyDto } from './dto/copy-trading.dto';
import { CopiedTradeDto, CopiedTradesPageDto, CopyCreatedDto, CopyDto, CopySettingsResponseDto, SkipsPageDto } from './dto/copy-trading.response.dto';

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
    private readonly updateGuards: UpdateCopyGuardsUseCase,
    private readonly closePositions: CloseCopyPositionsUseCase,
  ) {}

  private async copyOf(userId: string, copyId: string) {
    return (await this.read.myCopies(userId)).find((copy) => copy.id === copyId)!;
  }

  /** My copies with equity, invested, pnl (realised, net of profit share) and status. */
  @Get('copies')
  @ApiOkResponse({ type: [CopyDto], description: 'list of my copies' })
  @ApiOperation({ summary: 'My copies', description: 'Each copy with invested, equity (also at the market), pnl net of profit share, fees, open positions, stop loss and status.' })
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.read.myCopies(user.userId);
  }

  /**
   * Follow a trader: cash → copy equity. Needs a verified email and KYC Verified. With copyOpenTrades the copy
   * also takes over the trader's open trades at today's price, in the same transaction.
   */
  @Post('copies')
  @TradeScope()
  @Idempotent()
  @ApiCreatedResponse({
    type: CopyCreatedDto,
    description: 'the new copy; with copyOpenTrades also openTrades: the open trades taken over at today\'s price and those skipped (market_closed, no_quote, zero_size)',
  })
  @ApiOperation({ summary: 'Copy a trader', description: 'Moves the amount from cash to a new copy\'s equity in one ledger transaction. Needs a verified email and KYC Verified; the copy takes the trader\'s next trades in proportion, and with copyOpenTrades its open trades at today\'s price. Idempotency-Key recommended.' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND' })
  @ApiConflictResponse({ description: 'COPY.SELF, COPY.ALREADY_COPYING, COPY.TRADER_FULL, WALLET.INSUFFICIENT_FUNDS' })
  @ApiForbiddenResponse({ description: 'KYC_REQUIRED, EMAIL_NOT_VERIFIED, BLOCKED; TOKEN_SCOPE (an API token without trade)' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED, COPY.AMOUNT_TOO_SMALL' })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: FollowTraderDto) {
    const { copyId, openTrades } = await this.follow.execute({
      userId: user.userId,
      traderId: body.traderId,
      amount: parseAmount(body.amount),
      stopLossPct: body.stopLossPct ?? null,
      copyOpenTrades: body.copyOpenTrades === true,
    });
    const copy = await this.copyOf(user.userId, copyId);
    return openTrades ? { ...copy, openTrades } : copy;
  }

  @Get('copies/settings')
  @ApiOkResponse({ type: CopySettingsResponseDto, description: 'the daily loss limit, today\'s pnl and whether the limit is reached' })
  @ApiOperation({ summary: 'My copy settings', description: 'The account-wide daily loss limit, today\'s realised copy pnl (UTC) and whether the limit stopped new trades today.' })
  settings(@CurrentUser() user: AuthenticatedUser) {
    return this.read.settings(user.userId);
  }

  /** Account-wide daily loss limit across all copies (null removes it). */
  @Patch('copies/settings')
  @Idempotent()
  @ApiOkResponse({ type: CopySettingsResponseDto, description: 'the daily loss limit, today\'s pnl and whether the limit is reached' })
  @ApiOperation({ summary: 'Set the daily loss limit', description: 'Across all copies; once today\'s realised losses reach it, copies skip new trades until the next UTC day. null removes it.' })
  patchSettings(@CurrentUser() user: AuthenticatedUser, @Body() body: CopySettingsDto) {
    return this.updateSettings.execute({ userId: user.userId, dailyLossLimit: body.dailyLossLimit === null ? null : parseAmount(body.dailyLossLimit) });
  }

  /** Trades my copies did not take, with the reason (paused, stopping, zero_size, daily_loss_limit). */
  @Get('copies/skips')
  @ApiOkResponse({ type: SkipsPageDto, description: 'skipped trades, newest first' })
  @ApiOperation({ summary: 'Trades my copies skipped', description: 'With the reason: paused, stopping, zero_size or daily_loss_limit; newest first.' })
  skips(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto) {
    return this.read.mySkips(user.userId, { page: query.page ?? 1, limit: query.limit ?? 20 });
  }

  @Post('copies/:id/funds')
  @TradeScope()
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy' })
  @ApiOperation({ summary: 'Add funds to a copy', description: 'Cash → the copy\'s equity in one ledger transaction. Idempotency-Key recommended.' })
  @ApiNotFoundResponse({ description: 'COPY.NOT_FOUND: not one of my copies' })
  @ApiConflictResponse({ description: 'COPY.ENDED, COPY.STOPPING, WALLET.INSUFFICIENT_FUNDS' })
  @ApiForbiddenResponse({ description: 'TOKEN_SCOPE (an API token without trade)' })
  async funds(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: CopyAmountDto, @OperationRef() operationRef: string) {
    await this.addFunds.execute({ userId: user.userId, copyId: id, amount: parseAmount(body.amount), operationRef });
    return this.copyOf(user.userId, id);
  }

  @Post('copies/:id/withdraw')
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy' })
  @ApiOperation({ summary: 'Withdraw funds from a copy', description: 'Free equity (not held by open positions) → cash. Idempotency-Key recommended.' })
  @ApiNotFoundResponse({ description: 'COPY.NOT_FOUND: not one of my copies' })
  @ApiConflictResponse({ description: 'COPY.ENDED, COPY.INSUFFICIENT_FREE_EQUITY' })
  async withdraw(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: CopyAmountDto, @OperationRef() operationRef: string) {
    await this.withdrawFunds.execute({ userId: user.userId, copyId: id, amount: parseAmount(body.amount), operationRef });
    return this.copyOf(user.userId, id);
  }

  @Post('copies/:id/pause')
  @TradeScope()
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy' })
  @ApiOperation({ summary: 'Pause a copy', description: 'The copy skips new trades; open positions stay until the trader closes them.' })
  @ApiNotFoundResponse({ description: 'COPY.NOT_FOUND: not one of my copies' })
  @ApiConflictResponse({ description: 'COPY.INVALID_STATE' })
  async pause(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    await this.changeStatus.execute({ userId: user.userId, copyId: id, action: 'pause' });
    return this.copyOf(user.userId, id);
  }

  @Post('copies/:id/resume')
  @TradeScope()
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy' })
  @ApiOperation({ summary: 'Resume a paused copy', description: 'The copy takes the trader\'s next trades again.' })
  @ApiNotFoundResponse({ description: 'COPY.NOT_FOUND: not one of my copies' })
  @ApiConflictResponse({ description: 'COPY.INVALID_STATE' })
  async resume(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    await this.changeStatus.execute({ userId: user.userId, copyId: id, action: 'resume' });
    return this.copyOf(user.userId, id);
  }

  /**
   * No new trades; open positions stay until the trader closes them, then the equity returns to cash. With
   * closePositions they close now at the market for this copy alone and the copy ends (product.md §12.1).
   * Moves money (equity → cash, positions settled), hence Idempotency-Key.
   */
  @Post('copies/:id/stop')
  @TradeScope()
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy (status stopping, or stopped when nothing was open or closePositions was true)' })
  @ApiOperation({
    summary: 'Stop a copy',
    description:
      'No new trades. closePositions false (default): open positions stay until the trader closes them, then the equity returns to cash (at once when nothing is open). ' +
      'closePositions true: every open position closes now at the market for this copy alone (reason copy_stopped, pnl and profit share as in any close), the equity returns to cash and the copy ends. Idempotency-Key recommended.',
  })
  @ApiNotFoundResponse({ description: 'COPY.NOT_FOUND: not one of my copies' })
  @ApiConflictResponse({ description: 'COPY.INVALID_STATE, COPY.ENDED, MARKET.CLOSED (closePositions: a position\'s market is closed; nothing closed)' })
  @ApiServiceUnavailableResponse({ description: 'MARKET.NO_QUOTE (closePositions: no fresh quote for a position; nothing closed)' })
  async stop(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: StopCopyDto) {
    if (body.closePositions === true) await this.closePositions.stopNow(user.userId, id);
    else await this.changeStatus.execute({ userId: user.userId, copyId: id, action: 'stop' });
    return this.copyOf(user.userId, id);
  }

  /** The guards of a running copy (product.md §12.1), effective at once. */
  @Patch('copies/:id/settings')
  @TradeScope()
  @Idempotent()
  @ApiOkResponse({ type: CopyDto, description: 'the copy with its guards' })
  @ApiOperation({
    summary: 'Change a copy\'s stop loss and take profit',
    description:
      'stopLossPct (5–95: the copy closes out when its live equity falls to this % of invested) and takeProfitPct (1–1000: when it reaches invested × (1 + takeProfitPct / 100)); ' +
      'a field left out stays, null clears it. Effective at once: the price watcher checks the copy against them within a second.',
  })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (out of range, unknown field, nothing to change), COPY.INVALID_GUARDS' })
  @ApiNotFoundResponse({ description: 'COPY.NOT_FOUND: not one of my copies' })
  @ApiConflictResponse({ description: 'COPY.ENDED' })
  async patchGuards(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: CopyGuardsDto) {
    if (body.stopLossPct === undefined && body.takeProfitPct === undefined) {
      throw new DomainError('VALIDATION_FAILED', 'Give stopLossPct or takeProfitPct (null clears one)', 'validation');
    }
    await this.updateGuards.execute({ userId: user.userId, copyId: id, stopLossPct: body.stopLossPct, takeProfitPct: body.takeProfitPct });
    return this.copyOf(user.userId, id);
  }

  /**
   * Take the trader's current profit share for this copy. A copy keeps the share it was opened with; a trader's
   * change applies to new copies only, unless the follower accepts it here (product.md §10).
   */
  @Post('copies/:id/accept-share')
  @HttpCode(200)
  @ApiOkResponse({ type: CopyDto, description: 'the copy, with its share now equal to the trader\'s current share' })
  @ApiOperation({ summary: 'Accept the trader\'s new profit share', description: 'A copy keeps the share it was opened with; this takes the trader\'s current share for this copy.' })
  @ApiNotFoundResponse({ description: 'COPY.NOT_FOUND: not one of my copies' })
  @ApiConflictResponse({ description: 'COPY.ENDED' })
  async acceptShareOf(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    await this.acceptShare.execute({ userId: user.userId, copyId: id });
    return this.copyOf(user.userId, id);
  }

  /**
   * Close one of my copied positions at the market for me alone (product.md §12.1): pnl and profit share as in any
   * close, reason copier_closed; the copy goes on. No body.
   */
  @Post('trades/:positionId/close')
  @TradeScope()
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: CopiedTradeDto, description: 'the closed position' })
  @ApiOperation({
    summary: 'Close one copied position',
    description: 'At the market (bid for a buy, ask for a sell) for this copier only, reason copier_closed; pnl and profit share as in any close; the copy goes on. Idempotency-Key recommended.',
  })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a body field' })
  @ApiNotFoundResponse({ description: 'COPY.POSITION_NOT_FOUND: not one of my positions' })
  @ApiConflictResponse({ description: 'COPY.POSITION_CLOSED (already closed), MARKET.CLOSED' })
  @ApiServiceUnavailableResponse({ description: 'MARKET.NO_QUOTE' })
  async closePosition(@CurrentUser() user: AuthenticatedUser, @Param('positionId') positionId: string, @Body() body: unknown) {
    assertEmptyBody(body);
    await this.closePositions.closePosition(user.userId, positionId);
    return this.read.myTrade(user.userId, positionId);
  }

  /** My copied positions, open and closed, with pnl and the divergence from the trader's trade. */
  @Get('trades')
  @ApiOkResponse({ type: CopiedTradesPageDto, description: 'my copied positions, newest first' })
  @ApiOperation({ summary: 'My copied positions', description: 'Open and closed, paged, with fill receipts, pnl, fees and the divergence from the trader\'s own result; open ones are marked to the market.' })
  trades(@CurrentUser() user: AuthenticatedUser, @Query() query: StatusPageQueryDto) {
    return this.read.myTrades(user.userId, { page: query.page ?? 1, limit: query.limit ?? 20 }, query.status);
  }
}
