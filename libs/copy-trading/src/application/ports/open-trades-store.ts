import type { TransactionContext } from '@mirrorline/shared';
import type { TradeSide } from '../../domain/copy-math';

/** An open trade of a trader as a new copier may take it over ("copy open trades"). */
export interface OpenTradeToCopy {
  id: string;
  symbol: string;
  side: TradeSide;
  allocationPct: number;
  /** the trader's fill */
  entryPrice: string;
  /** time of the quote the trader filled on (null for trades of before §9) */
  quoteTime: Date | null;
  openedAt: Date;
}

/** A position opened on an existing trade for one copy, at the copier's own fill. */
export interface CopiedPositionInput {
  tradeId: string;
  copyId: string;
  followerId: string;
  allocationPct: number;
  /** the copier's fill: today's open-side price */
  fillPrice: string;
  quoteTime: Date;
  delayMs: number;
  slippageBps: string;
}

/**
 * Persistence of "copy open trades" (eToro's Copy Open Trades): reads a trader's open trades and opens a
 * copy's position on one of them, sized as the fan-out sizes a new trade. Callers hold the trader's lock.
 */
export abstract class OpenTradesStore {
  /** The trader's open trades, oldest first (the order they were opened in). */
  abstract openTrades(tx: TransactionContext, traderId: number): Promise<OpenTradeToCopy[]>;
  /**
   * Opens the copy's position on the trade: size = floor(free equity × allocationPct / 100), free equity =
   * the copy's equity − Σ its open positions (as the fan-out). Returns the size in cents; 0 = nothing opened.
   */
  abstract openPosition(tx: TransactionContext, input: CopiedPositionInput): Promise<bigint>;
}
