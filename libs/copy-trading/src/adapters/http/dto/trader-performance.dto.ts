import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PERFORMANCE_PERIODS, type PerformancePeriod } from '../../../application/ports/trader-performance';

export class TraderPerformanceQueryDto {
  @ApiPropertyOptional({ enum: PERFORMANCE_PERIODS, default: '1Y', description: 'the equity curve\'s period' })
  @IsOptional()
  @IsIn(PERFORMANCE_PERIODS)
  period?: PerformancePeriod;
}

export class EquityPointDto {
  @ApiProperty({ example: '2026-11-20', description: 'UTC day' })
  date!: string;

  @ApiProperty({ example: 4.25, description: "compounded return since the period's start, %" })
  returnPct!: number;
}

export class MonthlyReturnDto {
  @ApiProperty({ example: '2026-11' })
  month!: string;

  @ApiProperty({ example: 3.1, description: "the month's closed trades compounded, %" })
  returnPct!: number;

  @ApiProperty({ example: 12, description: 'closed trades in the month' })
  trades!: number;
}

export class PublicOpenPositionDto {
  @ApiProperty({ example: 'BTCUSDT' })
  symbol!: string;

  @ApiProperty({ enum: ['buy', 'sell'] })
  side!: 'buy' | 'sell';

  @ApiProperty({ example: '2026-11-23T10:00:00.000Z' })
  openedAt!: string;

  @ApiProperty({ type: 'number', nullable: true, example: 1.25, description: 'at the close-side price now; null without a fresh quote' })
  unrealizedPnlPct!: number | null;
}

export class CopierCountDto {
  @ApiProperty({ example: '2026-11-20', description: 'UTC day' })
  date!: string;

  @ApiProperty({ example: 42, description: 'live copies at the end of the day' })
  copiers!: number;
}

export class TraderPerformanceDto {
  @ApiProperty({ enum: PERFORMANCE_PERIODS })
  period!: PerformancePeriod;

  @ApiProperty({ type: [EquityPointDto], description: "from the period's start (0 %) to today, a point per UTC day with a closed trade; today's with the open trades at their marks" })
  equityCurve!: EquityPointDto[];

  @ApiProperty({ example: 4.25, description: "the period's compounded return, the open trades at their marks included, %" })
  periodReturnPct!: number;

  @ApiProperty({ type: [MonthlyReturnDto], description: 'the last 12 calendar months that had a closed trade, oldest first' })
  monthlyReturns!: MonthlyReturnDto[];

  @ApiProperty({ type: [PublicOpenPositionDto], description: 'open trades, newest first: what and which way, never a size' })
  openPositions!: PublicOpenPositionDto[];

  @ApiProperty({ type: [CopierCountDto], description: 'live copies at the end of each of the last 30 days' })
  copierTrend!: CopierCountDto[];
}

export class RiskComponentDto {
  @ApiProperty({ enum: ['history', 'open'], description: 'history: the daily returns of the last 30 days; open: the open trades\' market volatility' })
  name!: string;

  @ApiProperty({ example: 1.42, description: 'its one-day 95 % value at risk, % of a copier\'s equity' })
  value!: number;

  @ApiProperty({ example: 1, description: '1 for the one that sets the score (the larger), 0 for the other' })
  weight!: number;
}

export class RiskPointDto {
  @ApiProperty({ example: '2026-11-20', description: 'UTC day' })
  date!: string;

  @ApiProperty({ example: 6 })
  score!: number;
}

export class TraderRiskDto {
  @ApiProperty({ example: 6, description: '1 (calm) to 10 (wild): the trader page\'s riskScore' })
  score!: number;

  @ApiProperty({ type: [RiskComponentDto] })
  components!: RiskComponentDto[];

  @ApiProperty({ type: [RiskPointDto], description: 'the last 90 days, oldest first; today\'s with the open trades' })
  history!: RiskPointDto[];
}
