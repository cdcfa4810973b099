import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { canonicalPrice, levelsProblem } from '../../../domain/copy-math';
import { tighterStop, trailingStopLevel } from '../../../domain/entry-order';
import { CopyRepository } from '../../ports/copy-repository';
import { TradeEngine, type TradeRecord } from '../../ports/trade-engine';

export interface UpdateTradeLevelsCommand {
  traderId: number;
  tradeId: string;
  /** undefined keeps the level, null clears it */
  stopLoss?: string | null;
  takeProfit?: string | null;
  /** undefined keeps it, null stops the trailing (the stop loss stays where it is), a % (0.1–50) starts or changes it */
  trailingStopPct?: number | null;
}

/**
 * Moves or clears a trade's stop loss / take profit and its trailing stop % (PATCH trader/trades/:id). A new level is checked against
 * the side and the current price (400 TRADE.INVALID_LEVEL); a closed trade is a 409. The trade row lock orders
 * this against a close, so a close never runs on half-applied levels.
 */
@Injectable()
export class UpdateTradeLevelsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly engine: TradeEngine,
    private readonly market: MarketQuotes,
  ) {}

  execute(command: UpdateTradeLevelsCommand): Promise<TradeRecord> {
    return this.uow.run(async (tx) => {
      const trader = await this.copies.lockTrader(tx, command.traderId, 'share');
      if (!trader) throw copyErrors.traderNotFound();
      const trade = await this.engine.lockTrade(tx, command.tradeId);
      if (!trade || trade.traderId !== trader.id) throw copyErrors.tradeNotFound();
      if (trade.status === 'closed') throw copyErrors.tradeClosed();
      const changed = {
        stopLoss: command.stopLoss === undefined || command.stopLoss === null ? null : canonicalPrice(command.stopLoss),
        takeProfit: command.takeProfit === undefined || command.takeProfit === null ? null : canonicalPrice(command.takeProfit),
      };
      const trailingStopPct = command.trailingStopPct === undefined ? trade.trailingStopPct : command.trailingStopPct;
      let stopLoss = command.stopLoss === undefined ? trade.stopLoss : changed.stopLoss;
      if (changed.stopLoss !== null || changed.takeProfit !== null || typeof command.trailingStopPct === 'number') {
        const quote = await this.market.executableQuote(trade.symbol);
        const problem = levelsProblem(trade.side, quote, changed);
        if (problem) throw copyErrors.badLevels(problem);
        // A trailing stop set now starts at its distance from the current price, unless the stop loss is tighter.
        if (typeof command.trailingStopPct === 'number') stopLoss = tighterStop(trade.side, stopLoss, trailingStopLevel(trade.side, quote, command.trailingStopPct));
      }
      await this.engine.setLevels(tx, trade.id, {
        stopLoss,
        takeProfit: command.takeProfit === undefined ? trade.takeProfit : changed.takeProfit,
        trailingStopPct,
      });
      return (await this.engine.trade(tx, trade.id))!;
    });
  }
}
