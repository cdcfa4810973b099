import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ALERT_DIRECTIONS, WATCHLIST_MAX, type AlertDirection } from '../../../domain/price-alert';

export class WatchlistDto {
  @ApiProperty({ type: [String], example: ['BTCUSDT', 'EURUSD'], description: `the symbols in the caller's order, each once (at most ${WATCHLIST_MAX})` })
  @IsArray({ message: 'symbols must be an array of symbols' })
  // room for repeats, which are dropped; more than WATCHLIST_MAX distinct symbols is WATCHLIST.TOO_MANY
  @ArrayMaxSize(WATCHLIST_MAX * 4, { message: `symbols must hold at most ${WATCHLIST_MAX} symbols` })
  @IsString({ each: true, message: 'each symbol must be a string' })
  @MaxLength(16, { each: true, message: 'a symbol has at most 16 characters' })
  symbols!: string[];
}

export class CreateAlertRequestDto {
  @ApiProperty({ example: 'BTCUSDT' })
  @IsString()
  @MaxLength(16, { message: 'symbol has at most 16 characters' })
  symbol!: string;

  @ApiProperty({ enum: ALERT_DIRECTIONS, description: 'above: fires when the bid is at or above the price; below: at or below' })
  @IsIn(ALERT_DIRECTIONS, { message: 'direction must be above or below' })
  direction!: AlertDirection;

  @ApiProperty({ example: '70000.00', description: "a positive decimal (string, or a number) with at most the instrument's priceDecimals" })
  @Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value))
  @IsString({ message: 'price must be a decimal string' })
  @MaxLength(40, { message: 'price has at most 40 characters' })
  price!: string;

  @ApiPropertyOptional({ default: false, description: 'also send a mail when it fires' })
  @IsOptional()
  @IsBoolean({ message: 'notifyByEmail must be true or false' })
  notifyByEmail?: boolean;
}

export class PriceAlertDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'BTCUSDT' }) symbol!: string;
  @ApiProperty({ enum: ALERT_DIRECTIONS }) direction!: string;
  @ApiProperty({ example: '70000.00' }) price!: string;
  @ApiProperty() notifyByEmail!: boolean;
  @ApiProperty({ enum: ['active', 'triggered'] }) status!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String, description: 'when a quote crossed it (it is then spent)' }) triggeredAt!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'the bid of that quote' }) triggeredPrice!: string | null;
}

export class PriceAlertListDto {
  @ApiProperty({ type: [PriceAlertDto], description: 'active alerts and those triggered in the last 7 days, newest first' })
  items!: PriceAlertDto[];
}
