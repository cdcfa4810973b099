import type { TransactionContext } from '@mirrorline/shared';
import type { Market, SkipReason } from '../../domain/copy';
import type { TradeSide } from '../../domain/copy-math';
import type { TraderRef } from './copy-repository';

export interface OpenTradeInput {
  market: Market;
  pair: string;
  side: TradeSide;
  entryPrice: string;
  allocationPct: number;
}

export interface TradeRecord {
  id: string;
  traderId: number;
  market: Market;
  pair: string;
  side: TradeSide;
  entryPrice: string;
  exitPrice: string | null;
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
  /** copies that ended (stopping, or stop loss hit, with no position left) */
  ended: number;
  stopLossHit: number;
}

/**
 * The set-based engine: one statement per step for every copy of the trader, whatever their number.
 * Callers hold the trader's exclusive lock (CopyRepository.lockTrader) and the trade row lock.
 */
export abstract class TradeEngine {
  abstract insertTrade(tx: TransactionContext, traderId: number, input: OpenTradeInput): Promise<string>;
  abstract fanOut(tx: TransactionContext, trader: TraderRef, tradeId: string, allocationPct: number): Promise<FanOutResult>;
  abstract lockTrade(tx: TransactionContext, tradeId: string): Promise<TradeRecord | null>;
  abstract closeTrade(tx: TransactionContext, tradeId: string, exitPrice: string, pnlPct: string): Promise<void>;
  abstract settle(tx: TransactionContext, trader: TraderRef, trade: TradeRecord, exitPrice: string, traderCashAccount: string, marketAccount: string): Promise<SettlementResult>;
  abstract trade(tx: TransactionContext | null, tradeId: string): Promise<TradeRecord | null>;
}
