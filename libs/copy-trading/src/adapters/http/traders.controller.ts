import { Body, Controller, Get, Header, Inject, Param, ParseIntPipe, Patch, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBadRequestResponse, ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, OptionalUser, Public, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { APP_CONFIG, type AppConfig, DomainError } from '@mirrorline/shared';
import { ReadCopyTradingUseCase } from '../../application/use-cases/read-copy-trading/read-copy-trading.use-case';
import { ReadTraderPerformanceUseCase, type TraderPerformance } from '../../application/use-cases/read-trader-performance/read-trader-performance.use-case';
import { TraderPerformanceDto, TraderPerformanceQueryDto, TraderRiskDto } from './dto/trader-performance.dto';
import { ReadTraderRiskUseCase, type TraderRisk } from '../../application/use-cases/read-trader-risk/read-trader-risk.use-case';
import { ReadTraderRecordUseCase, type RecordPage } from '../../application/use-cases/read-trader-record/read-trader-record.use-case';
import { RecordHeadsDto, RecordPageDto, TraderRecordQueryDto } from './dto/trader-record.dto';
import { ResolveTraderUseCase } from '../../application/use-cases/resolve-trader/resolve-trader.use-case';
import { UpdateTraderProfileUseCase } from '../../application/use-cases/update-trader-profile/update-trader-profile.use-case';
import { StatusPageQueryDto, TraderListQueryDto, TraderPageQueryDto, UpdateTraderProfileDto } from './dto/copy-trading.dto';
import type { TraderListQuery } from '../../application/ports/copy-trading-queries';
import { DEFAULT_LIST_PERIOD } from '../../domain/discovery';
import { PublicTradesPageDto, TraderDetailsDto, TradersPageDto } from './dto/copy-trading.response.dto';
import { PublicTraderCache, sendPublicPage } from './public-trader-cache';
import { assertForeignImage } from './trader-image';

/** A public trader's row (COPY.TRADER_NOT_FOUND when missing or not public): one cache entry per trader, for every route. */
export const publicTrader = (cache: PublicTraderCache, read: ReadCopyTradingUseCase, id: number) => cache.get(`trader:${id}`, () => read.traderStats(id));

export const intId = () =>
  new ParseIntPipe({ exceptionFactory: () => new DomainError('VALIDATION_FAILED', 'id must be an integer', 'validation') });

@ApiTags('traders')
@Controller('traders')
export class TradersController {
  constructor(
    private readonly read: ReadCopyTradingUseCase,
    private readonly resolveTrader: ResolveTraderUseCase,
    private readonly updateProfile: UpdateTraderProfileUseCase,
    private readonly publicCache: PublicTraderCache,
    private readonly performance: ReadTraderPerformanceUseCase,
    private readonly record: ReadTraderRecordUseCase,
    private readonly riskOf: ReadTraderRiskUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Public list with stats over a period, marked to the market; cached a few seconds by clients and proxies. */
  @Public()
  @Get()
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOkResponse({
    type: TradersPageDto,
    description:
      'each item: profile, the period and its statistics (roi, maxDrawdown, sharpe, tradingAccuracy, closedTrades, copiersPnl; openTrades, openPnlPct, riskScore at the marks), roi30d, copiers, aum, daysTrading, historyStart, shorterHistory, markets, minCopyAmount, maxCopiers, full, dayLabels, dailyPnls, newTrader (< 10 closed trades)',
  })
  @ApiOperation({
    summary: 'Traders (public)',
    description:
      'Every statistic over the period (7d, 30d, 90d, 180d, 1y, all; default 30d), the open trades at their marks (an open loss is a losing trade until it closes). Filters: maxRisk, maxDrawdown, minDays, market, hideFull, copyReady (signed in: the trader\'s minimum copy ≤ my cash), traderType, search. Sorts: roi, sharpe, maxDrawdown (lowest first), aum, copiers, copiersPnl, tradingAccuracy, daysTrading. Paged; cached a few seconds.',
  })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: an unknown period, sort or market, a filter out of range' })
  @ApiUnauthorizedResponse({ description: 'UNAUTHENTICATED: copyReady without a signed-in caller' })
  async list(@Query() query: TraderListQueryDto, @OptionalUser() caller: AuthenticatedUser | null, @Res({ passthrough: true }) res: Response): Promise<string> {
    if (query.copyReady && !caller) throw new DomainError('UNAUTHENTICATED', 'Sign in to list the traders you can copy with your cash (copyReady)', 'unauthorized');
    const list: TraderListQuery = {
      page: query.page ?? 1,
      limit: query.limit ?? 20,
      sort: query.sort ?? 'roi',
      period: query.period ?? DEFAULT_LIST_PERIOD,
      traderType: query.traderType,
      search: query.search?.trim() || undefined,
      maxRisk: query.maxRisk,
      maxDrawdown: query.maxDrawdown,
      minDays: query.minDays,
      market: query.market,
      hideFull: query.hideFull,
      cash: query.copyReady && caller ? await this.read.cashOf(caller.userId) : undefined,
    };
    // Served from memory as serialized JSON (docs/performance.md): made again only when a row or a quote changed.
    const [rows, marks] = await Promise.all([this.publicCache.get('traders', () => this.read.publicTraders()), this.read.marks()]);
    const key = `list:${JSON.stringify(list, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`;
    return sendPublicPage(res, this.publicCache.composed(key, [rows, marks], () => this.read.listTraders(list, rows, marks)));
  }

  @Roles('Trader')
  @ApiBearerAuth('bearer')
  @Patch('me')
  @ApiOkResponse({ type: TraderDetailsDto, description: 'the updated public profile' })
  @ApiOperation({ summary: 'Edit my trader profile (Trader)', description: 'Name, description, type, strategy texts, image and profit share. A share change applies to new copies; followers are told and may accept it.' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not a Trader; TRADER.NO_PROFILE' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (e.g. an image that is not an https:// URL on another site)' })
  async update(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateTraderProfileDto, @Req() req: Request) {
    // Our own sites, as the browser and the proxy name them: an image there would load with our cookies.
    assertForeignImage(body.image, [req.get('host') ?? '', req.hostname, ...this.config.corsOrigins]);
    const traderId = await this.resolveTrader.execute({ ...user, roles: user.roles.filter((r) => r !== 'Admin') });
    return this.updateProfile.execute({ traderId, patch: body });
  }

  /**
   * The trader page's charts: the equity curve of the compounded return over a period (1M 3M 1Y all), monthly
   * returns, open positions (symbol, side, unrealized pnl % at the market; never a size) and the copier trend.
   */
  @Public()
  @Get(':id/performance')
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOperation({
    summary: 'A trader\'s performance (public)',
    description: 'Equity curve of the compounded return rebased on the period (1M, 3M, 1Y, all), monthly returns, open positions (symbol, side, unrealized pnl % at the market, no sizes) and the 30-day copier trend.',
  })
  @ApiOkResponse({ type: TraderPerformanceDto })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND: missing or not public (blocked, deleted, demoted, not KYC Verified)' })
  async getPerformance(@Param('id', intId()) id: number, @Query() query: TraderPerformanceQueryDto): Promise<TraderPerformance> {
    const rows = await this.publicCache.get(`performance:${id}`, () => this.performance.rows(id));
    return this.performance.view(rows, query.period ?? '1Y');
  }

  /** The risk score with what it is made of and its last 90 days (product.md §12.3). */
  @Public()
  @Get(':id/risk')
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOperation({
    summary: 'A trader\'s risk score (public)',
    description:
      'score 1–10 (the band of the larger of two one-day 95 % values at risk: the last 30 days\' daily returns, and the open trades\' market volatility), the two components (value %, weight 1 for the one that sets the score) and the score of each of the last 90 days.',
  })
  @ApiOkResponse({ type: TraderRiskDto })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND' })
  async getRisk(@Param('id', intId()) id: number): Promise<TraderRisk> {
    const [row, marks] = await Promise.all([publicTrader(this.publicCache, this.read, id), this.read.marks()]);
    return this.riskOf.risk(row, marks);
  }

  /** The public position history (product.md §12.3): prices, allocation, times and pnl %, never a money size. */
  @Public()
  @Get(':id/trades')
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOperation({
    summary: 'A trader\'s position history (public)',
    description: 'Newest first, paged (page, limit ≤ 100), optionally only open or closed: symbol, side, allocationPct, entry and exit price, openedAt, closedAt, holding time and pnlPct (open trades at the market). No sizes.',
  })
  @ApiOkResponse({ type: PublicTradesPageDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: status not open|closed, page or limit out of range' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND' })
  async getTrades(@Param('id', intId()) id: number, @Query() query: StatusPageQueryDto) {
    // Public only: the same (cached) check as the trader page.
    await publicTrader(this.publicCache, this.read, id);
    return this.read.publicTrades(id, { page: query.page, limit: query.limit }, query.status);
  }

  /** The verifiable record (product.md §12.4): the hash chain of the trader's closed trades, oldest first. */
  @Public()
  @Get(':id/record')
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOperation({
    summary: 'A trader\'s verifiable record (public)',
    description:
      'The closed trades in the order they closed, each {seq, fields, hash} with hash_n = sha256_hex(hash_{n−1} + canonical JSON (RFC 8785) of fields), hash_0 = 64 zeros. Paged by seq: `after` (default 0), `limit` (1–500, default 100). docs/copy-trading.md has a script that recomputes the chain.',
  })
  @ApiOkResponse({ type: RecordPageDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: after or limit not an integer in range' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND' })
  getRecord(@Param('id', intId()) id: number, @Query() query: TraderRecordQueryDto): Promise<RecordPage> {
    return this.record.links(id, query.after, query.limit);
  }

  @Public()
  @Get(':id/record/heads')
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOperation({
    summary: 'The daily heads of a trader\'s record (public)',
    description: 'The chain\'s head hash at the end of each UTC day on which it grew, oldest first; append-only (today\'s, final: false, moves until the day ends).',
  })
  @ApiOkResponse({ type: RecordHeadsDto })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND' })
  getRecordHeads(@Param('id', intId()) id: number): Promise<RecordHeadsDto> {
    return this.record.heads(id);
  }

  @Public()
  @Get(':id')
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOkResponse({ type: TraderDetailsDto, description: 'profile, strategy, stats over the period (open trades at their marks), ten-day PnL, recentTrades (market, pair, side, pnlPct, closedAt) and the allocation over the period' })
  @ApiOperation({ summary: 'A trader (public)', description: 'Profile, strategy, stats over the period (default all: the whole record), open trades and their return at the market, ten-day PnL, risk score, the recent closed trades and the asset allocation over the period by symbol.' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: an unknown period' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND' })
  async get(@Param('id', intId()) id: number, @Query() query: TraderPageQueryDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    const period = query.period ?? 'all';
    const [row, marks] = await Promise.all([publicTrader(this.publicCache, this.read, id), this.read.marks()]);
    return sendPublicPage(res, this.publicCache.composed(`trader:${id}:${period}`, [row, marks], () => this.read.traderPage(row, marks, period)));
  }
}
