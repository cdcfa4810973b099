import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@mirrorline/auth';
import type { PriceAlert } from '../../domain/price-alert';
import { GetWatchlistUseCase } from '../../application/use-cases/get-watchlist/get-watchlist.use-case';
import { ReplaceWatchlistUseCase } from '../../application/use-cases/replace-watchlist/replace-watchlist.use-case';
import { ListAlertsUseCase } from '../../application/use-cases/list-alerts/list-alerts.use-case';
import { CreateAlertUseCase } from '../../application/use-cases/create-alert/create-alert.use-case';
import { DeleteAlertUseCase } from '../../application/use-cases/delete-alert/delete-alert.use-case';
import { CreateAlertRequestDto, PriceAlertDto, PriceAlertListDto, WatchlistDto } from './dto/alerts.dto';

function alertView(a: PriceAlert): PriceAlertDto {
  return {
    id: a.id,
    symbol: a.symbol,
    direction: a.direction,
    price: a.price,
    notifyByEmail: a.notifyByEmail,
    status: a.triggeredAt ? 'triggered' : 'active',
    createdAt: a.createdAt.toISOString(),
    triggeredAt: a.triggeredAt?.toISOString() ?? null,
    triggeredPrice: a.triggeredPrice,
  };
}

/** product.md §12.5: every signed-in user's watchlist and price alerts (docs/market.md "Watchlist and price alerts"). */
@ApiTags('market')
@ApiBearerAuth('bearer')
@Controller()
export class AlertsController {
  constructor(
    private readonly getWatchlist: GetWatchlistUseCase,
    private readonly replaceWatchlist: ReplaceWatchlistUseCase,
    private readonly listAlerts: ListAlertsUseCase,
    private readonly createAlert: CreateAlertUseCase,
    private readonly deleteAlert: DeleteAlertUseCase,
  ) {}

  @Get('me/watchlist')
  @ApiOperation({ summary: 'My watchlist', description: 'The symbols in my order (empty until the first PUT).' })
  @ApiOkResponse({ type: WatchlistDto })
  watchlist(@CurrentUser() user: AuthenticatedUser) {
    return this.getWatchlist.execute({ userId: user.userId });
  }

  @Put('me/watchlist')
  @ApiOperation({ summary: 'Replace my watchlist', description: 'The whole list, in order; repeats are dropped (the first stays). At most 50 symbols, each an instrument.' })
  @ApiOkResponse({ type: WatchlistDto })
  @ApiBadRequestResponse({ description: 'MARKET.UNKNOWN_SYMBOL (names the symbol), WATCHLIST.TOO_MANY, or a malformed body' })
  putWatchlist(@CurrentUser() user: AuthenticatedUser, @Body() body: WatchlistDto) {
    return this.replaceWatchlist.execute({ userId: user.userId, symbols: body.symbols });
  }

  @Get('alerts')
  @ApiOperation({ summary: 'My price alerts', description: 'Active alerts and those triggered in the last 7 days, newest first.' })
  @ApiOkResponse({ type: PriceAlertListDto })
  async alerts(@CurrentUser() user: AuthenticatedUser): Promise<PriceAlertListDto> {
    const { items } = await this.listAlerts.execute({ userId: user.userId });
    return { items: items.map(alertView) };
  }

  @Post('alerts')
  @ApiOperation({
    summary: 'Create a price alert',
    description:
      'Fires once, at the first quote whose bid is at or beyond the price (above: ≥, below: ≤): a `price_alert` notification (the bell, events/stream) and a mail when notifyByEmail. When the latest quote already is, it fires at once and comes back triggered.',
  })
  @ApiCreatedResponse({ type: PriceAlertDto })
  @ApiBadRequestResponse({ description: 'MARKET.UNKNOWN_SYMBOL, ALERT.BAD_PRICE (not positive, or more decimals than the instrument), or a malformed body' })
  @ApiConflictResponse({ description: 'ALERT.TOO_MANY: 100 active alerts already' })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateAlertRequestDto): Promise<PriceAlertDto> {
    return alertView(await this.createAlert.execute({ userId: user.userId, ...body, notifyByEmail: body.notifyByEmail ?? false }));
  }

  @Delete('alerts/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a price alert', description: 'Active or triggered; only my own.' })
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiNotFoundResponse({ description: 'ALERT.NOT_FOUND: not one of my alerts' })
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.deleteAlert.execute({ userId: user.userId, id });
  }
}
