import { AMOUNT_PATTERN, DomainError, formatCents, parseAmount } from '@mirrorline/shared';
import { IsPlainText, PageQueryDto } from '@mirrorline/shared/nest';
import { IMAGE_URL, IMAGE_URL_MESSAGE } from '../trader-image';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { MARKETS, MIN_COPY_AMOUNT, STOP_LOSS_PCT, TAKE_PROFIT_PCT, TRADER_TYPES, type Market } from '../../../domain/copy';
import { DEFAULT_LIST_PERIOD, PERIODS, type Period } from '../../../domain/discovery';
import { TRADER_SORTS, type TraderSort } from '../../../application/ports/copy-trading-queries';
import { PRICE_PATTERN } from '../../../domain/copy-math';
import { ORDER_STATUSES, ORDER_TYPES, TRAILING_STOP_PCT, type OrderStatus, type OrderType } from '../../../domain/entry-order';
import { IsAmount, IsPrice, OptionalNotNull } from './validators';

/** The OpenAPI form of an amount and a price (the SPA checks input against these: frontend/src/lib/api-rules.ts). */
const AMOUNT = AMOUNT_PATTERN.source;
const PRICE = PRICE_PATTERN.source;
/** Lengths of the trader profile's texts. */
const PROFILE = { name: [2, 80], description: 2000, strategySummary: 500, strategyExplanation: 5000 } as const;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A query-string flag: only `true` and `false` (anything else stays a string and fails @IsBoolean: 400). */
const queryFlag = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class TraderListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: PERIODS, default: DEFAULT_LIST_PERIOD, description: 'the period every statistic is computed over (product.md §12.3)' })
  @IsOptional()
  @IsIn(PERIODS, { message: `period must be one of ${PERIODS.join(', ')}` })
  period?: Period;

  @ApiPropertyOptional({
    enum: TRADER_SORTS,
    default: 'roi',
    description: 'roi, sharpe, aum, copiers, copiersPnl, tradingAccuracy, daysTrading: highest first; maxDrawdown: lowest first. accuracy and followers: the older names of tradingAccuracy and copiers',
  })
  @IsOptional()
  @IsIn(TRADER_SORTS, { message: `sort must be one of ${TRADER_SORTS.join(', ')}` })
  sort?: TraderSort;

  @ApiPropertyOptional({ example: 'ICT Trader' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  traderType?: string;

  @ApiPropertyOptional({ description: 'part of the display name (case-insensitive)', example: 'nora' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  search?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 10, description: 'only traders whose risk score is at most this' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'maxRisk must be a whole number from 1 to 10' })
  @Min(1, { message: 'maxRisk must be a whole number from 1 to 10' })
  @Max(10, { message: 'maxRisk must be a whole number from 1 to 10' })
  maxRisk?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, description: 'only traders whose maximum drawdown over the period is at most this, %' })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'maxDrawdown must be a number from 0 to 100' })
  @Min(0, { message: 'maxDrawdown must be a number from 0 to 100' })
  @Max(100, { message: 'maxDrawdown must be a number from 0 to 100' })
  maxDrawdown?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 36500, description: 'only traders trading for at least this many days' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'minDays must be a whole number from 0 to 36500' })
  @Min(0, { message: 'minDays must be a whole number from 0 to 36500' })
  @Max(36500, { message: 'minDays must be a whole number from 0 to 36500' })
  minDays?: number;

  @ApiPropertyOptional({ enum: MARKETS, description: 'only traders who held trades in this market during the period' })
  @IsOptional()
  @IsIn(MARKETS, { message: `market must be one of ${MARKETS.join(', ')}` })
  market?: Market;

  @ApiPropertyOptional({ type: 'boolean', description: 'true: leave out full traders (copiers ≥ maxCopiers)' })
  @IsOptional()
  @Transform(queryFlag)
  @IsBoolean({ message: 'hideFull must be true or false' })
  hideFull?: boolean;

  @ApiPropertyOptional({ type: 'boolean', description: 'signed-in callers only (401 otherwise): true keeps the traders whose minimum copy is at most my cash' })
  @IsOptional()
  @Transform(queryFlag)
  @IsBoolean({ message: 'copyReady must be true or false' })
  copyReady?: boolean;
}

export class TraderPageQueryDto {
  @ApiPropertyOptional({ enum: PERIODS, default: 'all', description: 'the period of the statistics and the allocation' })
  @IsOptional()
  @IsIn(PERIODS, { message: `period must be one of ${PERIODS.join(', ')}` })
  period?: Period;
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

  // x-minimum-amount: OpenAPI has no minimum for a decimal string; the SPA reads the copy minimum from it
  @ApiProperty({ example: '500.00', pattern: AMOUNT, description: `cash moved to the copy, at least ${formatCents(MIN_COPY_AMOUNT)}`, ...{ 'x-minimum-amount': formatCents(MIN_COPY_AMOUNT) } })
  @IsAmount()
  amount!: string;

  @ApiPropertyOptional({ example: 50, minimum: STOP_LOSS_PCT.min, maximum: STOP_LOSS_PCT.max, description: 'stop the copy when equity falls to this % of the invested amount' })
  @IsOptional()
  @IsInt()
  @Min(STOP_LOSS_PCT.min)
  @Max(STOP_LOSS_PCT.max)
  stopLossPct?: number;

  @ApiPropertyOptional({
    example: false,
    default: false,
    description:
      "also copy the trader's open trades at today's price: a position in each, filled at the current ask (buy) / bid (sell), " +
      'sized as a new trade would be; its receipt shows the trader\'s original fill beside the copier\'s',
  })
  @IsOptional()
  @IsBoolean()
  copyOpenTrades?: boolean;
}

export class CopyAmountDto {
  @ApiProperty({ example: '100.00', pattern: AMOUNT })
  @IsAmount()
  amount!: string;
}

/** GET traders/:id/simulate (product.md §12.2). */
export class SimulateCopyQueryDto {
  @ApiProperty({ example: '1000.00', pattern: AMOUNT, description: `the amount copied, at least ${formatCents(MIN_COPY_AMOUNT)}` })
  @IsAmount()
  amount!: string;

  @ApiPropertyOptional({ minimum: STOP_LOSS_PCT.min, maximum: STOP_LOSS_PCT.max, description: 'the copy stop loss, % of invested' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(STOP_LOSS_PCT.min)
  @Max(STOP_LOSS_PCT.max)
  stopLossPct?: number;

  @ApiPropertyOptional({ minimum: TAKE_PROFIT_PCT.min, maximum: TAKE_PROFIT_PCT.max, description: 'the copy take profit, % above invested' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(TAKE_PROFIT_PCT.min)
  @Max(TAKE_PROFIT_PCT.max)
  takeProfitPct?: number;

  @ApiPropertyOptional({ example: '2026-09-01T00:00:00.000Z', description: 'when the copy would have started: at most one year back (default 90 days back)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date, e.g. 2026-09-01 or 2026-09-01T00:00:00Z' })
  from?: string;
}

/** PATCH copies/:id/settings (product.md §12.1): a field left out stays, null clears it. */
export class CopyGuardsDto {
  @ApiPropertyOptional({
    type: Number, nullable: true, example: 60, minimum: STOP_LOSS_PCT.min, maximum: STOP_LOSS_PCT.max,
    description: 'the copy stop loss: the copy closes out when its live equity falls to this % of invested; null clears it',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt()
  @Min(STOP_LOSS_PCT.min)
  @Max(STOP_LOSS_PCT.max)
  stopLossPct?: number | null;

  @ApiPropertyOptional({
    type: Number, nullable: true, example: 25, minimum: TAKE_PROFIT_PCT.min, maximum: TAKE_PROFIT_PCT.max,
    description: 'the copy take profit: the copy closes out when its live equity reaches invested × (1 + takeProfitPct / 100); null clears it',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt()
  @Min(TAKE_PROFIT_PCT.min)
  @Max(TAKE_PROFIT_PCT.max)
  takeProfitPct?: number | null;
}

/** POST copies/:id/stop (product.md §12.1). */
export class StopCopyDto {
  @ApiPropertyOptional({
    default: false,
    description: 'true: close the copy\'s open positions now at the market (reason copy_stopped), return its equity to cash and end it; false: they stay until the trader closes them',
  })
  @IsOptional()
  @IsBoolean()
  closePositions?: boolean;
}

export class CopySettingsDto {
  @ApiProperty({ type: 'string', example: '50.00', pattern: AMOUNT, nullable: true, description: 'null removes the limit' })
  @ValidateIf((_, value) => value !== null)
  @IsAmount()
  dailyLossLimit!: string | null;
}

/**
 * A market order (product.md §9.3): no price. It fills at the ask (buy) / bid (sell) of the market's quote;
 * `entryPrice` in the body is an unknown field (400).
 */
export class OpenTradeDto {
  @ApiProperty({ example: 'EURUSD', description: 'an instrument of GET market/instruments' })
  @Transform(trim)
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9./-]{1,15}$/, { message: 'symbol must be an instrument symbol such as EURUSD, BTCUSDT or AAPL' })
  symbol!: string;

  @ApiProperty({ enum: ['buy', 'sell'] })
  @IsIn(['buy', 'sell'])
  side!: 'buy' | 'sell';

  @ApiProperty({ example: 25, minimum: 1, maximum: 100, description: '% of each copier’s free equity this trade commits' })
  @IsInt()
  @Min(1)
  @Max(100)
  allocationPct!: number;

  @ApiPropertyOptional({ type: String, example: '1.0800', pattern: PRICE, nullable: true, description: 'stop loss: below the bid for a buy, above the ask for a sell' })
  @IsOptional()
  @IsPrice()
  stopLoss?: string | null;

  @ApiPropertyOptional({ type: String, example: '1.0950', pattern: PRICE, nullable: true, description: 'take profit: above the bid for a buy, below the ask for a sell' })
  @IsOptional()
  @IsPrice()
  takeProfit?: string | null;

  @ApiPropertyOptional({ enum: ORDER_TYPES, default: 'market', description: 'market fills now; limit and stop wait (pending) until the quote reaches `price`' })
  @IsOptional()
  @IsIn(ORDER_TYPES)
  type?: OrderType;

  @ApiPropertyOptional({ type: String, example: '1.0800', pattern: PRICE, description: 'limit and stop only (required): a buy limit below the ask, a sell limit above the bid, a buy stop above the ask, a sell stop below the bid' })
  @ValidateIf((o: OpenTradeDto) => o.price !== undefined || (o.type !== undefined && o.type !== 'market'))
  @IsPrice()
  price?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'limit and stop only: the order expires then if still pending (at most 30 days ahead); none: good till cancelled' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be an ISO 8601 date-time' })
  expiresAt?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: TRAILING_STOP_PCT.min, maximum: TRAILING_STOP_PCT.max, example: 2, description: 'a trailing stop: the stop loss follows the best price by this % (at most 2 decimals) and never loosens' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(TRAILING_STOP_PCT.min)
  @Max(TRAILING_STOP_PCT.max)
  trailingStopPct?: number | null;
}

/** A market order takes no `price` nor `expiresAt`: refused by name (400), as a price typed into a market order would be ignored. */
export function assertMarketOrderFields(body: OpenTradeDto): void {
  const misplaced = (['price', 'expiresAt'] as const).filter((f) => body[f] !== undefined && body[f] !== null);
  if ((body.type ?? 'market') === 'market' && misplaced.length) {
    const errors = Object.fromEntries(misplaced.map((f) => [f, [`${f} is only for a limit or stop order`]]));
    throw new DomainError('VALIDATION_FAILED', misplaced.map((f) => `${f} is only for a limit or stop order`).join('; '), 'validation', { errors });
  }
}

/** GET trader/orders: my entry orders, newest first, by status. */
export class OrdersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES)
  status?: OrderStatus;

  @ApiPropertyOptional({ description: 'Admin only: act for this trader' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  traderId?: number;
}

/**
 * A close at the market takes no field: `exitPrice` (or anything else) is an unknown field (400). Checked by
 * hand: a DTO class without any property is refused by class-validator whatever the body holds.
 */
export function assertEmptyBody(body: unknown): void {
  const fields = body && typeof body === 'object' ? Object.keys(body) : [];
  if (fields.length) {
    const errors = Object.fromEntries(fields.map((f) => [f, [`${f} is not an allowed field`]]));
    throw new DomainError('VALIDATION_FAILED', fields.map((f) => `${f} is not an allowed field`).join('; '), 'validation', { errors });
  }
}

/** PATCH trader/trades/:id: a level left out stays, null clears it. */
export class UpdateTradeLevelsDto {
  @ApiPropertyOptional({ type: String, example: '1.0800', pattern: PRICE, nullable: true })
  @IsOptional()
  @IsPrice()
  stopLoss?: string | null;

  @ApiPropertyOptional({ type: String, example: '1.0950', pattern: PRICE, nullable: true })
  @IsOptional()
  @IsPrice()
  takeProfit?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: TRAILING_STOP_PCT.min, maximum: TRAILING_STOP_PCT.max, example: 2, description: 'a % starts or changes the trailing stop (the stop loss moves to that distance from the current price if tighter); null stops the trailing, the stop loss stays' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(TRAILING_STOP_PCT.min)
  @Max(TRAILING_STOP_PCT.max)
  trailingStopPct?: number | null;
}

export class UpdateTraderProfileDto {
  @ApiPropertyOptional({ minLength: PROFILE.name[0], maxLength: PROFILE.name[1] })
  @OptionalNotNull()
  @Transform(trim)
  @IsString()
  @MinLength(PROFILE.name[0])
  @MaxLength(PROFILE.name[1])
  @IsPlainText()
  name?: string;

  @ApiPropertyOptional({ maxLength: PROFILE.description })
  @OptionalNotNull()
  @IsString()
  @MaxLength(PROFILE.description)
  @IsPlainText()
  description?: string;

  @ApiPropertyOptional({ enum: TRADER_TYPES })
  @OptionalNotNull()
  @IsIn(TRADER_TYPES)
  traderType?: string;

  @ApiPropertyOptional({ maxLength: PROFILE.strategySummary })
  @OptionalNotNull()
  @IsString()
  @MaxLength(PROFILE.strategySummary)
  @IsPlainText()
  strategySummary?: string;

  @ApiPropertyOptional({ maxLength: PROFILE.strategyExplanation })
  @OptionalNotNull()
  @IsString()
  @MaxLength(PROFILE.strategyExplanation)
  @IsPlainText()
  strategyExplanation?: string;

  @ApiPropertyOptional({ type: 'string', nullable: true, example: 'https://cdn.example.com/traders/2.jpg', description: 'an https:// URL on another site; null removes the picture' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(500)
  // Never a path on this origin (product.md §11.4): the controller also refuses an https URL on our own site
  // (trader-image.ts). "//host/x", "/\\host/x" and every other path are refused here.
  @Matches(IMAGE_URL, { message: IMAGE_URL_MESSAGE })
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

export class UpdateTraderSettingsDto {
  @ApiPropertyOptional({ example: '100.00', pattern: AMOUNT, description: `the smallest copy this trader accepts, at least ${formatCents(MIN_COPY_AMOUNT)}` })
  @OptionalNotNull()
  @IsAmount()
  minCopyAmount?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 1000000, description: 'the most live copies this trader takes; a trader with as many is Full' })
  @OptionalNotNull()
  @IsInt({ message: 'maxCopiers must be a whole number from 1 to 1000000' })
  @Min(1, { message: 'maxCopiers must be a whole number from 1 to 1000000' })
  @Max(1000000, { message: 'maxCopiers must be a whole number from 1 to 1000000' })
  maxCopiers?: number;
}

/** minCopyAmount of PATCH trader/settings in cents, or VALIDATION_FAILED below the platform's minimum follow (10.00). */
export function minCopyCents(amount: string): number {
  const cents = parseAmount(amount);
  if (cents < MIN_COPY_AMOUNT) {
    const message = `minCopyAmount must be at least ${formatCents(MIN_COPY_AMOUNT)}`;
    throw new DomainError('VALIDATION_FAILED', message, 'validation', { errors: { minCopyAmount: [message] } });
  }
  return cents;
}
