import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@mirrorline/auth';
import { Clock, parseAmount } from '@mirrorline/shared';
import { copyErrors, MIN_COPY_AMOUNT } from '../../domain/copy';
import { ReadCopyTradingUseCase } from '../../application/use-cases/read-copy-trading/read-copy-trading.use-case';
import { SimulateCopyUseCase, type CopySimulation } from '../../application/use-cases/simulate-copy/simulate-copy.use-case';
import { SimulateCopyQueryDto } from './dto/copy-trading.dto';
import { CopySimulationDto } from './dto/copy-trading.response.dto';
import { PublicTraderCache } from './public-trader-cache';
import { intId, publicTrader } from './traders.controller';

/** Without `from`, a simulation starts this many days back. */
const DEFAULT_DAYS = 90;

@ApiTags('traders')
@Controller('traders')
export class TraderSimulationController {
  constructor(
    private readonly read: ReadCopyTradingUseCase,
    private readonly simulate: SimulateCopyUseCase,
    private readonly publicCache: PublicTraderCache,
    private readonly clock: Clock,
  ) {}

  /** What copying this trader from `from` would have given (product.md §12.2), by the live engine's rules. */
  @Public()
  @Get(':id/simulate')
  @ApiOperation({
    summary: 'Simulate copying a trader (public)',
    description:
      'The copier\'s equity, day by day, had they copied this trader from `from` (at most one year back; default 90 days) with this amount and these guards: ' +
      'sizes, pnl, profit share with its high-water mark and the copy guards at each settlement, exactly as live copying computes them; open trades at the market now.',
  })
  @ApiOkResponse({ type: CopySimulationDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (a guard out of range; from not a date, in the future or more than a year back), COPY.AMOUNT_TOO_SMALL' })
  @ApiNotFoundResponse({ description: 'COPY.TRADER_NOT_FOUND: missing or not public' })
  async run(@Param('id', intId()) id: number, @Query() query: SimulateCopyQueryDto): Promise<CopySimulation> {
    const amount = parseAmount(query.amount);
    if (amount < MIN_COPY_AMOUNT) throw copyErrors.minAmount();
    const trader = await publicTrader(this.publicCache, this.read, id);
    const from = query.from ? new Date(query.from) : new Date(this.clock.now().getTime() - DEFAULT_DAYS * 86_400_000);
    return this.simulate.execute({
      traderId: id,
      sharePct: trader.share,
      amount,
      stopLossPct: query.stopLossPct ?? null,
      takeProfitPct: query.takeProfitPct ?? null,
      from,
    });
  }
}
