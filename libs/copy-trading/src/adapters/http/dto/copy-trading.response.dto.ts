import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CLOSE_REASONS } from '../../../domain/copy-math';
import { COPY_STATUSES, MARKETS, SKIP_REASONS } from '../../../domain/copy';
import { PERIODS } from '../../../domain/discovery';

/**
 * Response schemas of the copy-trading routes (Swagger only: the read models stay plain interfaces in
 * application/ports). They make the SPA's generated types complete, and the e2e Contract helper checks
 * the answers against them.
 */
/** Trade and position ids are bigint identities, sent as decimal strings. */
const bigintId = { type: String, pattern: '^[0-9]+$', example: '42' };
const money = (description?: string) => ({ type: String, example: '1250.50', ...(description ? { description } : {}) });

export class DailyPnlDto {
  @ApiProperty({ type: String, example: '23 Nov' }) label!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-23' }) date!: string;
  @ApiProperty({ type: Number, description: 'that day\'s return, %' }) pnl!: number;
}

export class TraderSummaryDto {
  @ApiProperty({ type: 'integer', example: 10 }) id!: number;
  @ApiProperty({ type: String }) name!: string;
  @ApiProperty({ type: String }) description!: string;
  @ApiProperty({ type: String }) traderType!: string;
  @ApiProperty({ type: String }) strategySummary!: string;
  @ApiProperty({ type: String }) strategyExplanation!: string;
  @ApiProperty({ type: String, nullable: true, description: 'an https URL, or null' }) image!: string | null;
  @ApiProperty({ type: Number, description: 'profit share, %' }) share!: number;
  @ApiProperty({ type: 'integer' }) maxCopiers!: number;
  @ApiProperty(money('the smallest copy this trader accepts (≥ 10.00)')) minCopyAmount!: string;
  @ApiProperty({ type: Boolean, description: 'copiers ≥ maxCopiers: a follow answers 409 COPY.TRADER_FULL' }) full!: boolean;
  @ApiProperty({ enum: PERIODS, description: 'the period of roi, maxDrawdown, sharpe, tradingAccuracy, closedTrades and copiersPnl' }) period!: string;
  @ApiProperty({ type: Number, description: 'return of the trades closed in the period plus the open trades at their marks, %' }) roi!: number;
  @ApiProperty({ type: Number, description: 'annualised Sharpe ratio of the period\'s daily returns (√365, risk-free 0; today\'s with the open trades at their marks)' }) sharpe!: number;
  @ApiProperty({ type: 'integer', description: 'live copies (= followers)' }) copiers!: number;
  @ApiProperty(money('Σ equity of the live copies (= assetsCopying)')) aum!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'UTC days from the first trade\'s day to today, both counted' }) daysTrading!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the first trade opened' }) historyStart!: string | null;
  @ApiProperty({ type: Boolean, description: 'the history is shorter than the period: the figures cover the days since historyStart' }) shorterHistory!: boolean;
  @ApiProperty({ type: [String], description: 'the markets of the trades held in the period, largest allocation first' }) markets!: string[];
  @ApiProperty({ type: Number, description: 'over the period: winning closed trades / (closed trades + open trades whose mark is a loss), %' }) tradingAccuracy!: number;
  @ApiProperty({ type: Number, description: 'return of the trades closed in the last 30 days plus the open trades at their marks (openPnlPct), %' }) roi30d!: number;
  @ApiProperty({ type: Number, description: 'over the period: largest peak-to-trough fall of the compounded return curve, which ends with the open trades at their marks, %' }) maxDrawdown!: number;
  @ApiProperty({ type: 'integer', description: 'trades closed in the period' }) closedTrades!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'trades open now' }) openTrades!: number;
  @ApiProperty({ type: Number, description: 'the open trades\' unrealized return at their marks (the latest quotes), as a copier\'s equity sees it, %' }) openPnlPct!: number;
  @ApiProperty({ type: 'integer' }) followers!: number;
  @ApiProperty(money('Σ equity of the live copies')) assetsCopying!: string;
  @ApiProperty(money('Σ realised pnl of the copied positions of the trades closed in the period, net of profit share')) copiersPnl!: string;
  @ApiProperty({ type: [String] }) dayLabels!: string[];
  @ApiProperty({ type: [Number] }) dailyPnls!: number[];
  @ApiProperty({ type: () => [DailyPnlDto] }) daily!: DailyPnlDto[];
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 10, description: 'from the one-day 95 % VaR of the last 30 daily returns (today\'s with the open trades at their marks) and of the open exposure' }) riskScore!: number;
  @ApiProperty({ type: Boolean, description: 'fewer than 10 closed trades: no track record yet' }) newTrader!: boolean;
  @ApiProperty({ type: [Number], description: 'compounded return over the last 30 days, %, a point a day, today\'s with the open trades at their marks (the card\'s sparkline)' }) equityCurve30d!: number[];
}

export class RecentTradeDto {
  @ApiProperty(bigintId) id!: string;
  @ApiProperty({ enum: MARKETS }) market!: string;
  @ApiProperty({ type: String, example: 'BTCUSDT' }) pair!: string;
  @ApiProperty({ enum: ['buy', 'sell'] }) side!: string;
  @ApiProperty({ type: Number, description: 'the trade\'s pnl, %' }) pnlPct!: number;
  @ApiProperty({ type: String, format: 'date-time' }) closedAt!: string;
}

export class AllocationSliceDto {
  @ApiProperty({ enum: MARKETS }) market!: string;
  @ApiProperty({ type: String, example: 'BTCUSDT' }) symbol!: string;
  @ApiProperty({ type: 'integer', description: 'trades in this symbol held in the period' }) trades!: number;
  @ApiProperty({ type: Number, description: 'its share of Σ allocationPct of the trades held in the period, %' }) pct!: number;
}

export class TraderDetailsDto extends TraderSummaryDto {
  @ApiProperty({ type: () => [RecentTradeDto] }) recentTrades!: RecentTradeDto[];
  @ApiProperty({ type: () => [AllocationSliceDto], description: 'the asset allocation over the period (open now or closed in it), by symbol' }) allocation!: AllocationSliceDto[];
}

export class TraderSettingsDto {
  @ApiProperty(money('the smallest copy this trader accepts')) minCopyAmount!: string;
  @ApiProperty({ type: 'integer' }) maxCopiers!: number;
  @ApiProperty({ type: 'integer', description: 'live copies now' }) copiers!: number;
  @ApiProperty({ type: Boolean }) full!: boolean;
}

export class TradersPageDto {
  @ApiProperty({ type: () => [TraderSummaryDto] }) items!: TraderSummaryDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class CopyDto {
  @ApiProperty({ type: String, format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer' }) traderId!: number;
  @ApiProperty({ type: String }) traderName!: string;
  @ApiProperty({ type: String, nullable: true }) traderImage!: string | null;
  @ApiProperty({ enum: COPY_STATUSES }) status!: string;
  @ApiProperty(money()) invested!: string;
  @ApiProperty(money()) equity!: string;
  @ApiProperty(money('equity not held by open positions')) freeEquity!: string;
  @ApiProperty(money()) highWaterMark!: string;
  @ApiProperty(money('realised pnl net of profit share')) pnl!: string;
  @ApiProperty(money()) feesPaid!: string;
  @ApiProperty({ type: 'integer' }) openPositions!: number;
  @ApiProperty(money('Σ unrealized pnl of the open positions at the market')) unrealizedPnl!: string;
  @ApiProperty(money('equity + unrealizedPnl')) liveEquity!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'the copy stop loss, % of invested' }) stopLossPct!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'the copy take profit, % above invested: the copy closes out once its live equity reaches invested × (1 + takeProfitPct / 100)' })
  takeProfitPct!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'why the copy stopped: user, stop_loss or take_profit' }) stopReason!: string | null;
  @ApiProperty({ type: Number, description: 'the profit share % this copy pays' }) share!: number;
  @ApiProperty({ type: Number, description: 'the trader\'s share % today' }) traderShare!: number;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) endedAt!: string | null;
}

export class CopiedOpenTradeDto {
  @ApiProperty(bigintId) tradeId!: string;
  @ApiProperty({ type: String }) symbol!: string;
  @ApiProperty({ enum: ['buy', 'sell'] }) side!: string;
  @ApiProperty(money('the position taken over')) size!: string;
  @ApiProperty({ type: String, description: 'the trader\'s original fill' }) traderFill!: string;
  @ApiProperty({ type: String, description: 'the copier\'s fill: today\'s price' }) copierFill!: string;
}

export class SkippedOpenTradeDto {
  @ApiProperty(bigintId) tradeId!: string;
  @ApiProperty({ type: String }) symbol!: string;
  @ApiProperty({ enum: ['market_closed', 'no_quote', 'zero_size'] }) reason!: string;
}

export class OpenTradesTakenOverDto {
  @ApiProperty({ type: () => [CopiedOpenTradeDto] }) copied!: CopiedOpenTradeDto[];
  @ApiProperty({ type: () => [SkippedOpenTradeDto] }) skipped!: SkippedOpenTradeDto[];
}

/** POST copies: the new copy, and with copyOpenTrades what was taken over. */
export class CopyCreatedDto extends CopyDto {
  @ApiPropertyOptional({ type: () => OpenTradesTakenOverDto, description: 'only with copyOpenTrades: true' }) openTrades?: OpenTradesTakenOverDto;
}

export class CopySettingsResponseDto {
  @ApiProperty({ type: String, nullable: true, description: 'account-wide daily loss limit (USD), null when none' }) dailyLossLimit!: string | null;
  @ApiProperty(money('today\'s (UTC) realised copy pnl, all copies')) todayPnl!: string;
  @ApiProperty({ type: Boolean }) limitReached!: boolean;
}

export class SkipRecordDto {
  @ApiProperty(bigintId) tradeId!: string;
  @ApiProperty({ type: String, format: 'uuid' }) copyId!: string;
  @ApiProperty({ type: String }) traderName!: string;
  @ApiProperty({ type: String }) pair!: string;
  @ApiProperty({ enum: SKIP_REASONS }) reason!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

export class SkipsPageDto {
  @ApiProperty({ type: () => [SkipRecordDto] }) items!: SkipRecordDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class FillReceiptDto {
  @ApiProperty({ type: String }) traderFill!: string;
  @ApiProperty({ type: String }) copierFill!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) quoteTime!: string | null;
  @ApiProperty({ type: 'integer' }) delayMs!: number;
  @ApiProperty({ type: String, description: 'copier fill vs trader fill, basis points' }) slippageBps!: string;
}

export class CopiedTradeDto {
  @ApiProperty(bigintId) id!: string;
  @ApiProperty({ type: String, format: 'uuid' }) copyId!: string;
  @ApiProperty(bigintId) tradeId!: string;
  @ApiProperty({ type: 'integer' }) traderId!: number;
  @ApiProperty({ type: String }) traderName!: string;
  @ApiProperty({ enum: MARKETS }) market!: string;
  @ApiProperty({ type: String, example: 'BTCUSDT' }) symbol!: string;
  @ApiProperty({ type: String, example: 'BTCUSDT' }) pair!: string;
  @ApiProperty({ enum: ['buy', 'sell'] }) side!: string;
  @ApiProperty({ type: String, description: 'this position\'s fill (= the trader\'s fill)' }) entryPrice!: string;
  @ApiProperty({ type: String, nullable: true }) exitPrice!: string | null;
  @ApiProperty({ type: String, nullable: true, description: `closed positions: ${CLOSE_REASONS.join(', ')}` }) closeReason!: string | null;
  @ApiProperty({ type: () => FillReceiptDto }) receipt!: FillReceiptDto;
  @ApiProperty({ type: String, nullable: true, description: 'open: the close-side price of the latest fresh quote' }) markPrice!: string | null;
  @ApiProperty({ type: String, nullable: true }) unrealizedPnl!: string | null;
  @ApiProperty(money('the position size')) size!: string;
  @ApiProperty({ enum: ['open', 'closed'] }) status!: string;
  @ApiProperty({ type: String, nullable: true }) pnl!: string | null;
  @ApiProperty({ type: String, nullable: true }) fee!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'realised pnl as % of the size' }) pnlPct!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'the trader\'s trade pnl %' }) traderPnlPct!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'copy pnl % − trader pnl %' }) divergencePct!: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) openedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt!: string | null;
}

export class CopiedTradesPageDto {
  @ApiProperty({ type: () => [CopiedTradeDto] }) items!: CopiedTradeDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class TradeDto {
  @ApiProperty(bigintId) id!: string;
  @ApiProperty({ type: 'integer' }) traderId!: number;
  @ApiProperty({ enum: MARKETS }) market!: string;
  @ApiProperty({ type: String, example: 'BTCUSDT' }) symbol!: string;
  @ApiProperty({ type: String, example: 'BTCUSDT' }) pair!: string;
  @ApiProperty({ enum: ['buy', 'sell'] }) side!: string;
  @ApiProperty({ type: String }) entryPrice!: string;
  @ApiProperty({ type: String, nullable: true }) exitPrice!: string | null;
  @ApiProperty({ type: String, nullable: true }) stopLoss!: string | null;
  @ApiProperty({ type: String, nullable: true }) takeProfit!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'a trailing stop: stopLoss follows the best price by this % and never loosens' }) trailingStopPct!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'closed trades: manual, stop_loss or take_profit' }) closeReason!: string | null;
  @ApiProperty({ type: Number }) allocationPct!: number;
  @ApiProperty({ type: String, nullable: true }) pnlPct!: string | null;
  @ApiProperty({ enum: ['open', 'closed'] }) status!: string;
  @ApiProperty({ type: 'integer' }) copiedCount!: number;
  @ApiProperty({ type: 'integer' }) skippedCount!: number;
  @ApiProperty(money()) copiersPnl!: string;
  @ApiProperty(money()) copiersFees!: string;
  @ApiProperty({ type: String, format: 'date-time' }) openedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt!: string | null;
}

/** GET traders/:id/trades: the public position history, no money sizes (product.md §12.3). */
export class PublicTradeDto {
  @ApiProperty(bigintId) id!: string;
  @ApiProperty({ enum: ['open', 'closed'] }) status!: string;
  @ApiProperty({ type: String, example: 'BTCUSDT' }) symbol!: string;
  @ApiProperty({ enum: ['buy', 'sell'] }) side!: string;
  @ApiProperty({ type: Number, description: 'the share of a copier\'s free equity the trade took, %' }) allocationPct!: number;
  @ApiProperty({ type: String }) entryPrice!: string;
  @ApiProperty({ type: String, nullable: true }) exitPrice!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) openedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt!: string | null;
  @ApiProperty({ type: 'integer', description: 'closedAt (or now, while open) − openedAt, seconds' }) holdingSeconds!: number;
  @ApiProperty({ type: String, nullable: true, description: 'closed: the trade\'s return %; open: at the market (null without a fresh quote)' }) pnlPct!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'closed trades: manual, stop_loss or take_profit' }) closeReason!: string | null;
}

export class PublicTradesPageDto {
  @ApiProperty({ type: () => [PublicTradeDto] }) items!: PublicTradeDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class TraderTradeDto extends TradeDto {
  @ApiProperty({ type: String, nullable: true, description: 'open trades: close-side price of the latest fresh quote' }) markPrice!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'open trades: (mark − entry) / entry × 100, negated for sell' }) unrealizedPnlPct!: string | null;
}

export class TraderTradesPageDto {
  @ApiProperty({ type: () => [TraderTradeDto] }) items!: TraderTradeDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class OpenTradeResultDto {
  @ApiProperty({ type: () => TradeDto }) trade!: TradeDto;
  @ApiProperty({ type: 'integer', description: 'copies that took the trade' }) copied!: number;
  @ApiProperty(money('Σ size of the copied positions')) committed!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: 'skipped copies by reason' }) skipped!: Record<string, number>;
}

/** An entry order (product.md §12.5). */
export class EntryOrderDto {
  @ApiProperty(bigintId) id!: string;
  @ApiProperty({ type: 'integer' }) traderId!: number;
  @ApiProperty({ type: String, example: 'EURUSD' }) symbol!: string;
  @ApiProperty({ enum: MARKETS }) market!: string;
  @ApiProperty({ enum: ['buy', 'sell'] }) side!: string;
  @ApiProperty({ enum: ['limit', 'stop'] }) type!: string;
  @ApiProperty({ type: String, description: 'the price the quote must reach (a limit fills there or better)' }) price!: string;
  @ApiProperty({ type: Number }) allocationPct!: number;
  @ApiProperty({ type: String, nullable: true }) stopLoss!: string | null;
  @ApiProperty({ type: String, nullable: true }) takeProfit!: string | null;
  @ApiProperty({ type: Number, nullable: true }) trailingStopPct!: number | null;
  @ApiProperty({ enum: ['pending', 'filled', 'cancelled', 'expired', 'rejected'] }) status!: string;
  @ApiProperty({ type: String, nullable: true, description: 'rejected: the check that refused the fill (code: message)' }) reason!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'filled: the trade it opened' }) tradeId!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;
}

export class EntryOrdersPageDto {
  @ApiProperty({ type: () => [EntryOrderDto] }) items!: EntryOrderDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class CloseTradeResultDto {
  @ApiProperty({ type: () => TradeDto }) trade!: TradeDto;
  @ApiProperty({ type: 'integer' }) positions!: number;
  @ApiProperty(money()) copiersPnl!: string;
  @ApiProperty(money()) profitShare!: string;
  @ApiProperty({ type: 'integer' }) endedCopies!: number;
  @ApiProperty({ type: 'integer' }) stopLossHit!: number;
}

export class FollowerDto {
  @ApiProperty({ type: String, format: 'uuid' }) copyId!: string;
  @ApiProperty({ type: String, format: 'uuid' }) userId!: string;
  @ApiProperty({ type: String }) username!: string;
  @ApiProperty({ enum: COPY_STATUSES }) status!: string;
  @ApiProperty(money()) invested!: string;
  @ApiProperty(money()) equity!: string;
  @ApiProperty(money()) pnl!: string;
  @ApiProperty(money()) feesPaid!: string;
  @ApiProperty({ type: String, format: 'date-time' }) since!: string;
}

export class FollowersPageDto {
  @ApiProperty({ type: () => [FollowerDto] }) items!: FollowerDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}


export class SimulationPointDto {
  @ApiProperty({ type: String, format: 'date-time', description: 'the end of a UTC day (the last point: now)' }) t!: string;
  @ApiProperty({ example: '1012.40' }) equity!: string;
}

export class CopySimulationDto {
  @ApiProperty({ type: [SimulationPointDto], description: 'the copy\'s equity at the end of each day from `from` (open positions at cost), the last point live' })
  points!: SimulationPointDto[];
  @ApiProperty({ example: '1012.40', description: 'live equity now, or what returned to cash when the copy ended' }) finalEquity!: string;
  @ApiProperty({ example: '3.10', description: 'profit share paid to the trader' }) feesPaid!: string;
  @ApiProperty({ example: 4.25, description: 'largest fall from a peak of the settled equity, %' }) maxDrawdownPct!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when a copy guard ended the copy' }) stoppedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['stop_loss', 'take_profit'] }) stopReason!: 'stop_loss' | 'take_profit' | null;
  @ApiProperty({ example: 42, description: 'trades the copy took' }) trades!: number;
}
