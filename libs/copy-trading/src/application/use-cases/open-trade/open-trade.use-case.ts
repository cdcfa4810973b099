import { Injectable } from '@nestjs/common';
import { formatCents, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { MarketQuotes, type Instrument, type Quote } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { canonicalPrice, levelsProblem, openPrice, type TradeSide } from '../../../domain/copy-math';
import { tighterStop, trailingStopLevel } from '../../../domain/entry-order';
import { CopyRepository, type TraderRef } from '../../ports/copy-repository';
import { CopyNoticeOutbox } from '../../ports/copy-notice-outbox';
import { TradeEngine, type TradeRecord } from '../../ports/trade-engine';
import { TraderOrderQueue } from '../../services/trader-order-queue';

export interface OpenTradeCommand {
  traderId: number;
  symbol: string;
  side: TradeSide;
  allocationPct: number;
  stopLoss?: string | null;
  takeProfit?: string | null;
  /** a trailing stop (product.md §12.5): the stop loss follows the best price by this %, 0.1–50 */
  trailingStopPct?: number | null;
}

export interface OpenTradeResult {
  trade: TradeRecord;
  copied: number;
  committed: string;
  skipped: Record<string, number>;
}

/**
 * Opens a market order: it fills at the ask (buy) or bid (sell) of an executable quote, and every active
 * copy gets its position at that same fill in the same transaction (set-based). No money moves.
 */
@Injectable()
export class OpenTradeUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly engine: TradeEngine,
    private readonly market: MarketQuotes,
    private readonly orders: TraderOrderQueue,
    private readonly outbox: CopyNoticeOutbox,
  ) {}

  execute(command: OpenTradeCommand): Promise<OpenTradeResult> {
    const instrument = this.market.instrument(command.symbol); // MARKET.UNKNOWN_SYMBOL (400)
    // One order of a trader at a time in this process, in arrival order (429 past the queue's bound).
    return this.orders.run(command.traderId, () => this.open(command, instrument));
  }

  private open(command: OpenTradeCommand, instrument: Instrument): Promise<OpenTradeResult> {
    return this.uow.run(async (tx) => {
      const trader = await this.copies.lockTrader(tx, command.traderId, 'exclusive');
      assertMayLead(trader);
      // The quote is read once the trader's lock is held: the fill is the price at the time the order runs.
      const quote = await this.market.executableQuote(instrument.symbol); // MARKET.CLOSED 409, MARKET.NO_QUOTE 503
      return this.fillAt(tx, trader, instrument, command, quote);
    });
  }

  /**
   * The open path's fill, under the trader's exclusive row lock, at this executable quote: the levels checked against
   * it (a trailing stop starts at its distance from it, or at the stop loss if that is tighter), the trade inserted at
   * the ask (buy) / bid (sell) and every active copy's position at that same fill (one fan-out statement). A market
   * order and a triggered entry order (EntryOrdersUseCase.fill) both open through here.
   */
  async fillAt(tx: TransactionContext, trader: TraderRef, instrument: Instrument, command: OpenTradeCommand, quote: Quote): Promise<OpenTradeResult> {
    const trailingStopPct = command.trailingStopPct ?? null;
    const stopLoss = trailingStopPct === null ? (command.stopLoss ?? null) : tighterStop(command.side, command.stopLoss ?? null, trailingStopLevel(command.side, quote, trailingStopPct));
    const levels = { stopLoss, takeProfit: command.takeProfit ?? null };
    const problem = levelsProblem(command.side, quote, levels);
    if (problem) throw copyErrors.badLevels(problem);
    const tradeId = await this.engine.insertTrade(tx, trader.id, {
      symbol: instrument.symbol,
      market: instrument.market,
      side: command.side,
      allocationPct: command.allocationPct,
      entryPrice: canonicalPrice(openPrice(command.side, quote)),
      quoteTime: new Date(quote.time),
      stopLoss: levels.stopLoss === null ? null : canonicalPrice(levels.stopLoss),
      takeProfit: levels.takeProfit === null ? null : canonicalPrice(levels.takeProfit),
      trailingStopPct,
    });
    const inserted = (await this.engine.trade(tx, tradeId))!;
    const fanOut = await this.engine.fanOut(tx, trader, inserted, new Date(quote.time));
    const skipped = Object.values(fanOut.skipped).reduce((n, k) => n + (k ?? 0), 0);
    await this.engine.setCounts(tx, tradeId, fanOut.copied, skipped);
    // Every follower hears of it (copied, or skipped with the reason) right after the commit (outbox).
    if (fanOut.copied + skipped > 0) await this.outbox.enqueue(tx, tradeId, 'opened');
    const trade = (await this.engine.trade(tx, tradeId))!;
    return { trade, copied: fanOut.copied, committed: formatCents(fanOut.committed), skipped: fanOut.skipped };
  }
}

/**
 * Who may open a trade for copiers: a listed trader (a blocked, deleted or demoted one fans out nothing new; closing
 * its open trades still works, CloseTradeUseCase, so their positions settle) whose user is KYC Verified (copiers'
 * money follows the trade: 403 KYC_REQUIRED).
 */
export function assertMayLead(trader: TraderRef | null): asserts trader is TraderRef {
  if (!trader || !trader.listed) throw copyErrors.traderNotFound();
  if (!trader.kycVerified) throw copyErrors.traderKyc();
}
