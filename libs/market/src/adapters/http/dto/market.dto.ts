import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class SymbolsQueryDto {
  @ApiPropertyOptional({ description: 'comma-separated symbols (default: every instrument)', example: 'BTCUSDT,EURUSD' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  symbols?: string;
}

export class CandlesQueryDto {
  @ApiPropertyOptional({ enum: ['1m', '5m', '1h', '1d'], default: '1m' })
  @IsOptional()
  @IsIn(['1m', '5m', '1h', '1d'], { message: 'interval must be one of 1m, 5m, 1h, 1d' })
  interval?: string;

  @ApiPropertyOptional({ description: 'start (inclusive): ISO 8601 or ms since the epoch; default: `limit` intervals before `to`' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  from?: string;

  @ApiPropertyOptional({ description: 'end (exclusive): ISO 8601 or ms since the epoch; default: now' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  to?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 500, description: 'the latest `limit` candles of the range' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^-?\d{1,12}$/.test(value) ? Number(value) : value))
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(1000, { message: 'limit must be at most 1000' })
  limit?: number;
}

export class QuoteDto {
  @ApiProperty({ example: 'BTCUSDT' }) symbol!: string;
  @ApiProperty({ example: '65000.12', description: 'exact decimal string' }) bid!: string;
  @ApiProperty({ example: '65013.12' }) ask!: string;
  @ApiProperty({ example: '2026-11-23T15:00:00.000Z' }) time!: string;
}

class InstrumentQuoteDto {
  @ApiProperty() bid!: string;
  @ApiProperty() ask!: string;
  @ApiProperty() time!: string;
}

export class InstrumentDto {
  @ApiProperty({ example: 'EURUSD' }) symbol!: string;
  @ApiProperty({ enum: ['Forex', 'Crypto', 'Stocks'] }) market!: string;
  @ApiProperty({ example: 'Euro / US Dollar' }) name!: string;
  @ApiProperty({ example: 5 }) priceDecimals!: number;
  @ApiProperty({ enum: ['crypto', 'forex', 'stocks'], description: 'crypto: always; forex: Sun 22:00 → Fri 22:00 UTC; stocks: Mon–Fri 14:30–21:00 UTC' })
  session!: string;
  @ApiProperty({ description: 'open for trading now' }) open!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'next opening (null: always open, or no source with this feed)' }) nextOpen!: string | null;
  @ApiProperty({ type: String, nullable: true }) nextClose!: string | null;
  @ApiProperty({ type: InstrumentQuoteDto, nullable: true }) quote!: InstrumentQuoteDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'open of the latest daily candle' }) dayOpen!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '0.42', description: 'change of the mid since dayOpen, %' }) changePct!: string | null;
}

export class QuotesDto {
  @ApiProperty({ type: [QuoteDto] }) quotes!: QuoteDto[];
}

class CandleDto {
  @ApiProperty({ example: '2026-11-23T15:00:00.000Z', description: 'start of the interval (UTC)' }) time!: string;
  @ApiProperty() open!: string;
  @ApiProperty() high!: string;
  @ApiProperty() low!: string;
  @ApiProperty() close!: string;
}

export class CandlesDto {
  @ApiProperty() symbol!: string;
  @ApiProperty({ enum: ['1m', '5m', '1h', '1d'] }) interval!: string;
  @ApiProperty({ type: [CandleDto], description: 'oldest first, at most 1000' }) candles!: CandleDto[];
}
