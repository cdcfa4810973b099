import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { CurrentUser, type AuthenticatedUser } from '@mirrorline/auth';
import { formatCents } from '@mirrorline/shared';
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

  @ApiProperty({ example: '1520.35', description: 'cash + held + copy equity at the end of the day (open positions at their cost)' })
  equity!: string;
}

export class EquityHistoryResponseDto {
  @ApiProperty({ type: [EquityDayDto], description: 'oldest first; the last point is today (the balances now)' })
  items!: EquityDayDto[];
}

/** The overview's equity chart. */
@ApiTags('wallet')
@ApiBearerAuth('bearer')
@Controller('wallet')
export class WalletEquityController {
  constructor(private readonly history: EquityHistory) {}

  /** The caller's settled equity (cash + held + copy equity) at the end of each of the last `days` days, from the ledger. */
  @Get('equity')
  @ApiOperation({
    summary: 'My equity, one point a day',
    description: 'Cash + held + copy equity at the end of each UTC day from the ledger (open positions at their cost), oldest first; the last point is today, at the balances now.',
  })
  @ApiOkResponse({ type: EquityHistoryResponseDto })
  async equity(@CurrentUser() user: AuthenticatedUser, @Query() query: EquityQueryDto): Promise<EquityHistoryResponseDto> {
    const days = await this.history.daily(user.userId, query.days ?? 90);
    return { items: days.map((d) => ({ date: d.date, equity: formatCents(d.equity) })) };
  }
}
