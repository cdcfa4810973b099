import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiExtraModels, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags, ApiTooManyRequestsResponse, getSchemaPath } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser, TradeScope } from '@mirrorline/auth';
import { Idempotent } from '@mirrorline/wallet';
import { CloseTradeUseCase } from '../../application/use-cases/close-trade/close-trade.use-case';
import { OpenTradeUseCase } from '../../application/use-cases/open-trade/open-trade.use-case';
import { EntryOrdersUseCase } from '../../application/use-cases/entry-orders/entry-orders.use-case';
import { ReadCopyTradingUseCase } from '../../application/use-cases/read-copy-trading/read-copy-trading.use-case';
import { ResolveTraderUseCase } from '../../application/use-cases/resolve-trader/resolve-trader.use-case';
import { UpdateTradeLevelsUseCase } from '../../application/use-cases/update-trade-levels/update-trade-levels.use-case';
import { AdminTradeAuditInterceptor } from './admin-trade-audit.interceptor';
import { TraderOrderInterceptor } from './trader-order.interceptor';
import { assertEmptyBody, assertMarketOrderFields, OpenTradeDto, OrdersQueryDto, TraderIdQueryDto, TraderScopeQueryDto, UpdateTradeLevelsDto } from './dto/copy-trading.dto';
import { CloseTradeResultDto, EntryOrderDto, EntryOrdersPageDto, FollowersPageDto, OpenTradeResultDto, TradeDto, TraderTradesPageDto } from './dto/copy-trading.response.dto';

/** Trade management: a Trader acts on its own profile; an Admin names the trader with ?traderId=. */
@ApiTags('trader')
@ApiExtraModels(OpenTradeResultDto, EntryOrderDto)
@ApiBearerAuth('bearer')
@Roles('Trader', 'Admin')
@Controller('trader')
export class TraderTradesController {
  constructor(
    private readonly read: ReadCopyTradingUseCase,
    private readonly resolveTrader: ResolveTraderUseCase,
    private readonly openTrade: OpenTradeUseCase,
    private readonly closeTrade: CloseTradeUseCase,
    private readonly updateLevels: UpdateTradeLevelsUseCase,
    private readonly entryOrders: EntryOrdersUseCase,
  ) {}

  @Get('trades')
  @ApiOkResponse({ type: TraderTradesPageDto, description: 'an open trade also has markPrice and unrealizedPnlPct' })
  @ApiOperation({ summary: 'My trades (Trader; Admin with ?traderId=)', description: 'Open and closed, paged; an open trade also has its mark price and unrealized pnl %.' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN (not a Trader or Admin); TRADER.NO_PROFILE; TOKEN_SCOPE' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND: no such trader (an Admin\'s ?traderId=), or not listed (blocked, deleted, not KYC Verified)' })
  async trades(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderScopeQueryDto) {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.read.traderTrades(traderId, { page: query.page ?? 1, limit: query.limit ?? 20 }, query.status);
  }

  /**
   * Opens a market order at the ask (buy) / bid (sell); every active copy gets its position at the same fill
   * in the same transaction. 400 MARKET.UNKNOWN_SYMBOL / TRADE.INVALID_LEVEL, 403 KYC_REQUIRED (the trader is not
   * KYC Verified), 409 MARKET.CLOSED, 503 MARKET.NO_QUOTE.
   */
  @Post('trades')
  @TradeScope()
  // An admin's action for a trader is audited inside the request's transaction: a decorator listed higher wraps
  // closer to the handler, so AdminTradeAuditInterceptor runs inside @Idempotent's transaction (and a replay,
  // which applies nothing, audits nothing). TraderOrderInterceptor, listed lowest, wraps them all: the order
  // waits for its turn before the transaction begins.
  @UseInterceptors(AdminTradeAuditInterceptor)
  @Idempotent()
  @UseInterceptors(TraderOrderInterceptor)
  @ApiCreatedResponse({
    description: 'type market: the trade (trade.entryPrice is the fill) and its fan-out; type limit or stop: the pending order',
    schema: { oneOf: [{ $ref: getSchemaPath(OpenTradeResultDto) }, { $ref: getSchemaPath(EntryOrderDto) }] },
  })
  @ApiOperation({ summary: 'Open a trade or place an entry order (Trader; Admin with ?traderId=)', description: 'type market (default): a market order at the ask (buy) or bid (sell); every active copy gets its position at the same fill in the same transaction. type limit / stop with price (and expiresAt): a pending order that fills the same way when the quote reaches its price (GET trader/orders). Optional stop loss, take profit and trailingStopPct. Send an Idempotency-Key: a retry (after a cut connection or a crash) replays the first open instead of opening and fanning out a second trade.' })
  @ApiForbiddenResponse({ description: 'KYC_REQUIRED (the trader is not KYC Verified); FORBIDDEN (not a Trader or Admin); TRADER.NO_PROFILE; TOKEN_SCOPE' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED, MARKET.UNKNOWN_SYMBOL, TRADE.INVALID_LEVEL, ORDER.WRONG_SIDE (a limit or stop the quote already reaches), ORDER.INVALID_EXPIRY' })
  @ApiConflictResponse({ description: 'MARKET.CLOSED' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND: no such trader (an Admin\'s ?traderId=), or not listed (blocked, deleted, not KYC Verified)' })
  @ApiTooManyRequestsResponse({ description: 'TRADE.TOO_MANY_ORDERS: 50 orders of this trader are already waiting (Retry-After)' })
  @ApiServiceUnavailableResponse({ description: 'MARKET.NO_QUOTE: no executable quote' })
  async open(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderIdQueryDto, @Body() body: OpenTradeDto) {
    assertMarketOrderFields(body);
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    const { type, price, expiresAt, ...order } = body;
    if (type === 'limit' || type === 'stop') return this.entryOrders.place({ traderId, ...order, type, price: price!, expiresAt });
    return this.openTrade.execute({ traderId, ...order });
  }

  @Get('orders')
  @ApiOkResponse({ type: EntryOrdersPageDto })
  @ApiOperation({ summary: 'My entry orders (Trader; Admin with ?traderId=)', description: 'Limit and stop orders, newest first; ?status=pending|filled|cancelled|expired|rejected.' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN (not a Trader or Admin); TRADER.NO_PROFILE; TOKEN_SCOPE' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND (an Admin\'s ?traderId=)' })
  async orders(@CurrentUser() user: AuthenticatedUser, @Query() query: OrdersQueryDto) {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.entryOrders.list(traderId, { page: query.page ?? 1, limit: query.limit ?? 20 }, query.status);
  }

  /** Cancels a pending entry order: 204; 409 ORDER.NOT_PENDING once filled, cancelled, expired or rejected; 404 for another trader's. */
  @Delete('orders/:id')
  @TradeScope()
  @HttpCode(204)
  @UseInterceptors(AdminTradeAuditInterceptor)
  @ApiNoContentResponse({ description: 'cancelled' })
  @ApiOperation({ summary: 'Cancel a pending entry order (Trader; Admin with ?traderId=)', description: 'A pending limit or stop order of mine stops waiting (status cancelled). It reserved nothing, so nothing moves.' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN (not a Trader or Admin); TRADER.NO_PROFILE; TOKEN_SCOPE' })
  @ApiNotFoundResponse({ description: 'ORDER.NOT_FOUND (also another trader\'s order)' })
  @ApiConflictResponse({ description: 'ORDER.NOT_PENDING: already filled, cancelled, expired or rejected' })
  async cancelOrder(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderIdQueryDto, @Param('id') id: string): Promise<void> {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    await this.entryOrders.cancel(traderId, id);
  }

  /**
   * Closes the trade and settles every copied position (409 when already closed). Moves money, so a
   * retry with the same Idempotency-Key replays the settlement's answer instead of a 409.
   */
  @Post('trades/:id/close')
  @TradeScope()
  @HttpCode(200)
  @UseInterceptors(AdminTradeAuditInterceptor)
  @Idempotent()
  @UseInterceptors(TraderOrderInterceptor)
  @ApiOkResponse({ type: CloseTradeResultDto, description: 'the closed trade and its settlement' })
  @ApiOperation({ summary: 'Close a trade (Trader; Admin with ?traderId=)', description: 'At the market; settles every copied position in one transaction (pnl, profit share, copy stop losses). A retry with the same Idempotency-Key replays the settlement instead of a 409.' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN (not a Trader or Admin); TRADER.NO_PROFILE; TOKEN_SCOPE' })
  @ApiNotFoundResponse({ description: 'TRADE.NOT_FOUND; COPY.TRADER_NOT_FOUND (an Admin\'s ?traderId=)' })
  @ApiConflictResponse({ description: 'TRADE.ALREADY_CLOSED, MARKET.CLOSED' })
  @ApiTooManyRequestsResponse({ description: 'TRADE.TOO_MANY_ORDERS: 50 orders of this trader are already waiting (Retry-After)' })
  @ApiServiceUnavailableResponse({ description: 'MARKET.NO_QUOTE: no executable quote' })
  async close(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderIdQueryDto, @Param('id') id: string, @Body() body: unknown) {
    assertEmptyBody(body);
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.closeTrade.execute({ traderId, tradeId: id });
  }

  /** Moves or clears the trade's stop loss / take profit (null clears; 409 TRADE.ALREADY_CLOSED on a closed trade). */
  @Patch('trades/:id')
  @TradeScope()
  @UseInterceptors(AdminTradeAuditInterceptor)
  @ApiOkResponse({ type: TradeDto, description: 'the trade' })
  @ApiOperation({ summary: 'Move a trade\'s stop loss / take profit / trailing stop', description: 'null clears a level (or stops the trailing); the price watcher closes the trade when a quote crosses one. trailingStopPct starts or changes a trailing stop.' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN (not a Trader or Admin); TRADER.NO_PROFILE; TOKEN_SCOPE' })
  @ApiNotFoundResponse({ description: 'TRADE.NOT_FOUND' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED, TRADE.INVALID_LEVEL, TRADE.PRICE_OUT_OF_RANGE' })
  @ApiConflictResponse({ description: 'TRADE.ALREADY_CLOSED' })
  async levels(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderIdQueryDto, @Param('id') id: string, @Body() body: UpdateTradeLevelsDto) {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.updateLevels.execute({ traderId, tradeId: id, stopLoss: body.stopLoss, takeProfit: body.takeProfit, trailingStopPct: body.trailingStopPct });
  }

  @Get('followers')
  @ApiOkResponse({ type: FollowersPageDto, description: 'each: copyId, username, status, invested, equity, pnl, since' })
  @ApiOperation({ summary: 'My followers (Trader; Admin with ?traderId=)', description: 'Each copy of my trades with its owner, status, invested, equity, pnl, fees paid and since when.' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN (not a Trader or Admin); TRADER.NO_PROFILE; TOKEN_SCOPE' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND: no such trader (an Admin\'s ?traderId=), or not listed (blocked, deleted, not KYC Verified)' })
  async followers(@CurrentUser() user: AuthenticatedUser, @Query() query: TraderScopeQueryDto) {
    const traderId = await this.resolveTrader.execute(user, query.traderId);
    return this.read.followers(traderId, { page: query.page ?? 1, limit: query.limit ?? 20 });
  }
}
