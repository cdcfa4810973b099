import type { TransactionContext } from '@mirrorline/shared';
import type { Market, SkipReason } from '../../domain/copy';
import type { TradeCloseReason, TradeSide } from '../../domain/copy-math';
import type { TraderRef } from './copy-repository';

/** A trade as it is inserted: the fill comes from the market's quote, never from the client. */
export interface OpenTradeInput {
  symbol: string;
  market: Market;
  side: TradeSide;
  allocationPct: number;
  entryPrice: string;
  /** time of the quote the entry filled on */
  quoteTime: Date;
  stopLoss: string | null;
  takeProfit: string | null;
  /** the stop loss trails the best price by this % (the price watcher moves it; product.md §12.5) */
  trailingStopPct: number | null;
}

/** How a close fills: price, the quote's time and why it closes. */
export interface CloseFill {
  exitPrice: string;
  quoteTime: Date;
  reason: TradeCloseReason;
}

/** A fill receipt (product.md §9.3): trader fill, copier fill, quote time, delay, slippage. */
export interface FillReceipt {
  traderFill: string;
  copierFill: string;
  quoteTime: string | null;
  delayMs: number;
  slippageBps: string;
}

export interface TradeRecord {
  id: string;
  traderId: number;
  market: Market;
  symbol: string;
  /** = symbol (kept for the clients of before §9) */
  pair: string;
  side: TradeSide;
  entryPrice: string;
  exitPrice: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  /** a trailing stop: stopLoss follows the best price by this % and never loosens */
  trailingStopPct: number | null;
  closeReason: TradeCloseReason | null;
  allocationPct: number;
  pnlPct: string | null;
  status: 'open' | 'closed';
  copiedCount: number;
  skippedCount: number;
  copiersPnl: string;
  copiersFees: string;
  openedAt: string;
  closedAt: string | null;
}

export interface FanOutResult {
  copied: number;
  committed: bigint;
  skipped: Partial<Record<SkipReason, number>>;
}

export interface SettlementResult {
  positions: number;
  /** Σ pnl of the positions (cents; the market account moved by minus this) */
  pnl: bigint;
  /** Σ profit share paid to the trader */
  fees: bigint;
  /** copies that ended (stopping, or stop loss / take profit hit, with no position left) */
  ended: number;
  /** copies whose stop loss or take profit (product.md §12.1) tripped at this settlement */
  stopLossHit: number;
}

/** A copy the settlement tripped (stop loss / take profit) or ended, for its follower's notices. */
export interface SettledCopyFlag {
  copyId: string;
  followerId: string;
  stopLossHit: boolean;
  takeProfitHit: boolean;
  ends: boolean;
  /** the copy's equity after the settlement (cents); an ended copy returns it to its owner's cash */
  equity: bigint;
}

/** What the settlement statement did: the totals, the equity the ended copies return, and the copies it flagged. */
export interface SettledPositions extends SettlementResult {
  returned: bigint;
  flagged: SettledCopyFlag[];
}

/**
 * The set-based engine: one statement per step for every copy of the trader, whatever their number. Each method runs
 * its named statement(s) and returns typed rows; the use cases (OpenTradeUseCase, CloseTradeUseCase) run the steps
 * in the order of docs/copy-trading.md. Callers hold the trader's exclusive lock (CopyRepository.lockTrader) and the
 * trade row lock.
 */
export abstract class TradeEngine {
  abstract insertTrade(tx: TransactionContext, traderId: number, input: OpenTradeInput): Promise<string>;
  /** Every copy fills at the trader's fill (`trade.entryPrice`, quote `quoteTime`): receipt with 0 delay and slippage. */
  abstract fanOut(tx: TransactionContext, trader: TraderRef, trade: TradeRecord, quoteTime: Date): Promise<FanOutResult>;
  /** The trade's copied / skipped counts, after its fan-out. */
  abstract setCounts(tx: TransactionContext, tradeId: string, copied: number, skipped: number): Promise<void>;
  abstract lockTrade(tx: TransactionContext, tradeId: string): Promise<TradeRecord | null>;
  abstract closeTrade(tx: TransactionContext, tradeId: string, fill: CloseFill, pnlPct: string): Promise<void>;
  abstract setLevels(tx: TransactionContext, tradeId: string, levels: { stopLoss: string | null; takeProfit: string | null; trailingStopPct: number | null }): Promise<void>;
  /**
   * The settlement statement: every open position of the trade settled once, the copies' marks, stop losses and
   * ends, and the trade_settlement posting. The copies it flags are kept aside until releaseSettlement.
   */
  abstract settlePositions(tx: TransactionContext, trade: TradeRecord, fill: CloseFill, accounts: { traderCash: string; market: string }): Promise<SettledPositions>;
  /** copy_return: the remaining equity of the copies that ended with this settlement → their owners' cash. */
  abstract returnEndedCopies(tx: TransactionContext, tradeId: string): Promise<void>;
  /** Drops what settlePositions kept aside (another settlement may follow in the same transaction). */
  abstract releaseSettlement(tx: TransactionContext): Promise<void>;
  /** Adds a settlement's totals to the trade (a copy close-out's earlier positions are already in them). */
  abstract addCopierTotals(tx: TransactionContext, tradeId: string, pnl: bigint, fees: bigint): Promise<void>;
  abstract trade(tx: TransactionContext | null, tradeId: string): Promise<TradeRecord | null>;
}
