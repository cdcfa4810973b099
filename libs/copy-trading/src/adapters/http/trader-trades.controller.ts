import { Body, Controller, Get, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { Idempotent } from '@mirrorline/wallet';
import { CloseTradeUseCase } from '../../application/use-cases/close-trade/close-trade.use-case';
import { OpenTradeUseCase } from '../../application/use-cases/open-trade/open-trade.use-case';
import { ReadCopyTradingUseCase } from '../../application/use-cases/read-copy-trading/read-copy-trading.use-case';
import { ResolveTraderUseCase } from '../../application/use-cases/resolve-trader/resolve-trader.use-case';
import { AdminTradeAuditInterceptor } from './admin-trade-audit.interceptor';
import { CloseTradeDto, OpenTradeDto, TraderIdQueryDto, TraderScopeQueryDto } from './dto/copy-trading.dto';

/** Trade management: a Trader acts on its own profile; an Admin names the trader with ?traderId=. */
@ApiTags('trader')
@ApiBearerAuth('bearer')
@Roles('Trader', 'Admin')
@UseInterceptors(AdminTradeAuditInterceptor)
@Controller('trader')
export class TraderTradesController {
  constructor(
    private readonly read: ReadCopyTradingUseCase,
    private readonly resolveTrader: ResolveTraderUseCase,
    private readonly openTrade: OpenTradeUseCase,
    private readonly closeTrade: CloseTradeUseCase,
  ) {}

  @Get('trades')
  @ApiOkResponse({ description: '{ items, total, page, limit }' })
  async trades(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderScopeQueryDto) {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.read.traderTrades(traderId, { page: query.page ?? 1, limit: query.limit ?? 20 }, query.status);
  }

  /** Opens a trade; every active copy gets its position in the same transaction. */
  @Post('trades')
  @ApiCreatedResponse({ description: '{ trade, copied, committed, skipped }' })
  async open(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderIdQueryDto, @Body() body: OpenTradeDto) {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.openTrade.execute({ traderId, ...body });
  }

  /**
   * Closes the trade and settles every copied position (409 when already closed). Moves money, so a
   * retry with the same Idempotency-Key replays the settlement's answer instead of a 409.
   */
  @Post('trades/:id/close')
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ description: '{ trade, positions, copiersPnl, profitShare, endedCopies, stopLossHit }' })
  async close(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderIdQueryDto, @Param('id') id: string, @Body() body: CloseTradeDto) {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.closeTrade.execute({ traderId, tradeId: id, exitPrice: body.exitPrice });
  }

  @Get('followers')
  @ApiOkResponse({ description: '{ items, total, page, limit }; each: copyId, username, status, invested, equity, pnl, since' })
  async followers(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderScopeQueryDto) {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.read.followers(traderId, { page: query.page ?? 1, limit: query.limit ?? 20 });
  }
}
