import { PageQueryDto } from '@mirrorline/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { MARKETS, TRADER_TYPES } from '../../../domain/copy';
import { IsAmount, IsPrice, OptionalNotNull } from './validators';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class TraderListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['roi', 'accuracy', 'followers'], default: 'roi' })
  @IsOptional()
  @IsIn(['roi', 'accuracy', 'followers'])
  sort?: 'roi' | 'accuracy' | 'followers';

  @ApiPropertyOptional({ example: 'ICT Trader' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  traderType?: string;
}

export class StatusPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['open', 'closed'] })
  @IsOptional()
  @IsIn(['open', 'closed'])
  status?: 'open' | 'closed';
}

export class TraderScopeQueryDto extends StatusPageQueryDto {
  @ApiPropertyOptional({ description: 'Admin only: act for this trader' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  traderId?: number;
}

export class TraderIdQueryDto {
  @ApiPropertyOptional({ description: 'Admin only: act for this trader' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  traderId?: number;
}

export class FollowTraderDto {
  @ApiProperty({ example: 2 })
  @IsInt()
  @Min(1)
  traderId!: number;

  @ApiProperty({ example: '500.00', description: 'cash moved to the copy, at least 10.00' })
  @IsAmount()
  amount!: string;

  @ApiPropertyOptional({ example: 50, minimum: 5, maximum: 95, description: 'stop the copy when equity falls to this % of the invested amount' })
  @IsOptional()
  @IsInt()
  @Min(5)
  @Max(95)
  stopLossPct?: number;
}

export class CopyAmountDto {
  @ApiProperty({ example: '100.00' })
  @IsAmount()
  amount!: string;
}

export class CopySettingsDto {
  @ApiProperty({ type: 'string', example: '50.00', nullable: true, description: 'null removes the limit' })
  @ValidateIf((_, value) => value !== null)
  @IsAmount()
  dailyLossLimit!: string | null;
}

export class OpenTradeDto {
  @ApiProperty({ enum: MARKETS })
  @IsIn(MARKETS)
  market!: (typeof MARKETS)[number];

  @ApiProperty({ example: 'EURUSD' })
  @Transform(trim)
  @IsString()
  @Matches(/^[A-Z0-9][A-Z0-9./-]{1,15}$/, { message: 'pair must be 2–16 upper-case letters, digits, ".", "/" or "-" (e.g. EURUSD, BTCUSDT, AAPL)' })
  pair!: string;

  @ApiProperty({ enum: ['buy', 'sell'] })
  @IsIn(['buy', 'sell'])
  side!: 'buy' | 'sell';

  @ApiProperty({ example: '1.0850' })
  @IsPrice()
  entryPrice!: string;

  @ApiProperty({ example: 25, minimum: 1, maximum: 100, description: '% of each copier’s free equity this trade commits' })
  @IsInt()
  @Min(1)
  @Max(100)
  allocationPct!: number;
}

export class CloseTradeDto {
  @ApiProperty({ example: '1.0920' })
  @IsPrice()
  exitPrice!: string;
}

export class UpdateTraderProfileDto {
  @ApiPropertyOptional()
  @OptionalNotNull()
  @Transform(trim)
  @IsString()
  @MinLength(2)
  @MaxLength(80)
  name?: string;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @ApiPropertyOptional({ enum: TRADER_TYPES })
  @OptionalNotNull()
  @IsIn(TRADER_TYPES)
  traderType?: string;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsString()
  @MaxLength(500)
  strategySummary?: string;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsString()
  @MaxLength(5000)
  strategyExplanation?: string;

  @ApiPropertyOptional({ type: 'string', nullable: true, example: '/images/traders/2.jpg' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(500)
  @Matches(/^(https:\/\/|\/)[^\s<>"']*$/, { message: 'image must be an https URL or a path starting with /' })
  image?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 50, description: 'profit share, %' })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(50)
  share?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000000 })
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(1000000)
  maxCopiers?: number;
}
