import { Body, Controller, Get, Header, Param, ParseIntPipe, Patch, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { DomainError } from '@mirrorline/shared';
import { ReadCopyTradingUseCase } from '../../application/use-cases/read-copy-trading/read-copy-trading.use-case';
import { ResolveTraderUseCase } from '../../application/use-cases/resolve-trader/resolve-trader.use-case';
import { UpdateTraderProfileUseCase } from '../../application/use-cases/update-trader-profile/update-trader-profile.use-case';
import { TraderListQueryDto, UpdateTraderProfileDto } from './dto/copy-trading.dto';
import { PublicTraderCache, sendPublicPage } from './public-trader-cache';

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
  ) {}

  /** Public list with stats from closed trades; cached a few seconds by clients and proxies. */
  @Public()
  @Get()
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOkResponse({ description: '{ items, total, page, limit }; each item: profile, tradingAccuracy, roi30d, maxDrawdown, followers, assetsCopying, copiersPnl, dayLabels, dailyPnls, riskScore (1–10), newTrader (< 10 closed trades)' })
  async list(@Query() query: TraderListQueryDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    const list = {
      page: query.page ?? 1,
      limit: query.limit ?? 20,
      sort: query.sort ?? 'roi',
      traderType: query.traderType,
      search: query.search?.trim() || undefined,
    } as const;
    // Served from memory as serialized JSON (docs/performance.md): no stringify, no hashing per request.
    const key = `list:${list.page}:${list.limit}:${list.sort}:${list.traderType ?? ''}:${list.search ?? ''}`;
    return sendPublicPage(res, await this.publicCache.page(key, () => this.read.listTraders(list)));
  }

  @Roles('Trader')
  @ApiBearerAuth('bearer')
  @Patch('me')
  @ApiOkResponse({ description: 'the updated public profile' })
  async update(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateTraderProfileDto) {
    const traderId = await this.resolveTrader.execute({ ...user, roles: user.roles.filter((r) => r !== 'Admin') });
    return this.updateProfile.execute({ traderId, patch: body });
  }

  @Public()
  @Get(':id')
  @Header('Cache-Control', 'public, max-age=5')
  @ApiOkResponse({ description: 'profile, strategy, stats, ten-day PnL and recentTrades (market, pair, side, pnlPct, closedAt)' })
  async get(@Param('id', intId()) id: number, @Res({ passthrough: true }) res: Response): Promise<string> {
    return sendPublicPage(res, await this.publicCache.page(`trader:${id}`, () => this.read.trader(id)));
  }
}
