import { Controller, Get, Optional, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { CurrentUser, type AuthenticatedUser } from '@mirrorline/auth';
import { formatCents, OpenPositionsValue } from '@mirrorline/shared';
import { timeWeightedReturnPct } from '../../domain/time-weighted-return';
import { EquityHistory } from '../../application/ports/equity-history';

export class EquityQueryDto {
  @ApiPropertyOptional({ minimum: 7, maximum: 365, default: 90, description: 'how many days back, today included' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(7)
  @Max(365)
  days?: number;
}

export class EquityDayDto {
  @ApiProperty({ example: '2026-11-23', description: 'UTC day' })
  date!: string;

  @ApiProperty({ example: '1520.35', description: 'cash + held + copy equity at the end of the day (open positions at their cost); today: now, open positions at the market' })
  equity!: string;

  @ApiProperty({ example: '500.00', description: 'the day\'s net external flow: deposits and admin credits in (+), paid-out withdrawals and debits out (−); not performance' })
  flow!: string;

  @ApiProperty({
    example: 1.25,
    description:
      'time-weighted return since the end of the window\'s first day, %, 2 decimals: every external flow starts a sub-period and the sub-periods\' returns (equity at the end / equity at the start) are chained, so a deposit or a withdrawal is never a return',
  })
  returnPct!: number;
}

export class EquityHistoryResponseDto {
  @ApiProperty({ type: [EquityDayDto], description: 'oldest first; the last point is today (the balances now, open positions at the market)' })
  items!: EquityDayDto[];
}

/** The overview's equity chart. */
@ApiTags('wallet')
@ApiBearerAuth('bearer')
@Controller('wallet')
export class WalletEquityController {
  constructor(
    private readonly history: EquityHistory,
    /** today's open positions at the market (copy trading provides it; without it, at their cost) */
    @Optional() private readonly openPositions?: OpenPositionsValue,
  ) {}

  /**
   * The caller's equity (cash + held + copy equity) at the end of each of the last `days` days, from the ledger,
   * today's at the market, with each day's external flow and the time-weighted return (product.md §12.6).
   */
  @Get('equity')
  @ApiOperation({
    summary: 'My equity and time-weighted return, one point a day',
    description:
      'Cash + held + copy equity at the end of each UTC day from the ledger (open positions at their cost), oldest first; the last point is today, at the balances now with the open positions at the market (as GET wallet\'s liveTradingBalance). Each day carries its external flow (deposits in, withdrawals paid out) and the time-weighted return since the first day, so a deposit is never read as performance.',
  })
  @ApiOkResponse({ type: EquityHistoryResponseDto })
  async equity(@CurrentUser() user: AuthenticatedUser, @Query() query: EquityQueryDto): Promise<EquityHistoryResponseDto> {
    const [days, unrealized] = await Promise.all([
      this.history.daily(user.userId, query.days ?? 90),
      this.openPositions ? this.openPositions.unrealizedPnl(user.userId) : Promise.resolve(0n),
    ]);
    const live = days.map((d, i) => (i === days.length - 1 ? { ...d, equity: d.equity + unrealized } : d));
    const returns = timeWeightedReturnPct(live);
    return { items: live.map((d, i) => ({ date: d.date, equity: formatCents(d.equity), flow: formatCents(d.flows.reduce((sum, f) => sum + f.amount, 0n)), returnPct: returns[i] })) };
  }
}
