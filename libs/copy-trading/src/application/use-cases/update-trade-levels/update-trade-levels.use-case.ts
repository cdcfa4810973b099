import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { canonicalPrice, levelsProblem } from '../../../domain/copy-math';
import { CopyRepository } from '../../ports/copy-repository';
import { TradeEngine, type TradeRecord } from '../../ports/trade-engine';

export interface UpdateTradeLevelsCommand {
  traderId: number;
  tradeId: string;
  /** undefined keeps the level, null clears it */
  stopLoss?: string | null;
  takeProfit?: string | null;
}

/**
 * Moves or clears a trade's stop loss / take profit (PATCH trader/trades/:id). A new level is checked against
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
      if (changed.stopLoss !== null || changed.takeProfit !== null) {
        const quote = await this.market.executableQuote(trade.symbol);
        const problem = levelsProblem(trade.side, quote, changed);
        if (problem) throw copyErrors.badLevels(problem);
      }
      await this.engine.setLevels(tx, trade.id, {
        stopLoss: command.stopLoss === undefined ? trade.stopLoss : changed.stopLoss,
        takeProfit: command.takeProfit === undefined ? trade.takeProfit : changed.takeProfit,
      });
      return (await this.engine.trade(tx, trade.id))!;
    });
  }
}
