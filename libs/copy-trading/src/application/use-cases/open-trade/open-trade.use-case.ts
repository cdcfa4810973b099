import { Injectable } from '@nestjs/common';
import { formatCents, UnitOfWork } from '@mirrorline/shared';
import { MarketQuotes, type Instrument } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { canonicalPrice, levelsProblem, openPrice, type TradeSide } from '../../../domain/copy-math';
import { CopyRepository } from '../../ports/copy-repository';
import { TradeEngine, type TradeRecord } from '../../ports/trade-engine';
import { TraderOrderQueue } from '../../services/trader-order-queue';

export interface OpenTradeCommand {
  traderId: number;
  symbol: string;
  side: TradeSide;
  allocationPct: number;
  stopLoss?: string | null;
  takeProfit?: string | null;
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
  ) {}

  execute(command: OpenTradeCommand): Promise<OpenTradeResult> {
    const instrument = this.market.instrument(command.symbol); // MARKET.UNKNOWN_SYMBOL (400)
    // One order of a trader at a time in this process, in arrival order (429 past the queue's bound).
    return this.orders.run(command.traderId, () => this.open(command, instrument));
  }

  private open(command: OpenTradeCommand, instrument: Instrument): Promise<OpenTradeResult> {
    return this.uow.run(async (tx) => {
      const trader = await this.copies.lockTrader(tx, command.traderId, 'exclusive');
      // A blocked, deleted or demoted trader fans out nothing new to its copiers; closing its open trades
      // still works (CloseTradeUseCase) so their positions settle.
      if (!trader || !trader.listed) throw copyErrors.traderNotFound();
      // Copiers' money follows this trade: only an identified trader may lead (403 KYC_REQUIRED).
      if (!trader.kycVerified) throw copyErrors.traderKyc();
      // The quote is read once the trader's lock is held: the fill is the price at the time the order runs.
      const quote = await this.market.executableQuote(instrument.symbol); // MARKET.CLOSED 409, MARKET.NO_QUOTE 503
      const levels = { stopLoss: command.stopLoss ?? null, takeProfit: command.takeProfit ?? null };
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
      });
      const inserted = (await this.engine.trade(tx, tradeId))!;
      const fanOut = await this.engine.fanOut(tx, trader, inserted, new Date(quote.time));
      const trade = (await this.engine.trade(tx, tradeId))!;
      return { trade, copied: fanOut.copied, committed: formatCents(fanOut.committed), skipped: fanOut.skipped };
    });
  }
}
