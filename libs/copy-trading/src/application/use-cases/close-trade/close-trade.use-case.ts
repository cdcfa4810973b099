import { Injectable } from '@nestjs/common';
import { formatCents, UnitOfWork } from '@mirrorline/shared';
import { Ledger } from '@mirrorline/wallet';
import { copyErrors } from '../../../domain/copy';
import { pnlPctInRange, tradePnlPct } from '../../../domain/copy-math';
import { CopyRepository } from '../../ports/copy-repository';
import { TradeEngine, type TradeRecord } from '../../ports/trade-engine';

export interface CloseTradeCommand {
  traderId: number;
  tradeId: string;
  exitPrice: string;
}

export interface CloseTradeResult {
  trade: TradeRecord;
  positions: number;
  copiersPnl: string;
  profitShare: string;
  endedCopies: number;
  stopLossHit: number;
}

/**
 * Closes a trade once and settles every copied position, all or nothing in one transaction: pnl to the
 * copies, profit share to the trader, stop losses, and the end of stopping copies with nothing left open.
 * The trader row lock (exclusive) orders this against copy stops/withdrawals; the trade row lock and the
 * positions' settled flag make a second close a 409 that settles nothing.
 */
@Injectable()
export class CloseTradeUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly engine: TradeEngine,
    private readonly ledger: Ledger,
  ) {}

  execute(command: CloseTradeCommand): Promise<CloseTradeResult> {
    return this.uow.run(async (tx) => {
      const trader = await this.copies.lockTrader(tx, command.traderId, 'exclusive');
      if (!trader) throw copyErrors.traderNotFound();
      const trade = await this.engine.lockTrade(tx, command.tradeId);
      // Another trader's trade looks exactly like a missing one.
      if (!trade || trade.traderId !== trader.id) throw copyErrors.tradeNotFound();
      if (trade.status === 'closed') throw copyErrors.tradeClosed();
      const pnlPct = tradePnlPct(trade.entryPrice, command.exitPrice, trade.side);
      if (!pnlPctInRange(pnlPct)) throw copyErrors.moveTooLarge();
      await this.engine.closeTrade(tx, trade.id, command.exitPrice, pnlPct);
      const traderCash = await this.ledger.userAccount(tx, trader.userId, 'cash');
      const market = await this.ledger.platformAccount(tx, 'platform_market');
      const result = await this.engine.settle(tx, trader, trade, command.exitPrice, traderCash, market);
      const closed = await this.engine.trade(tx, trade.id);
      return {
        trade: closed!,
        positions: result.positions,
        copiersPnl: formatCents(result.pnl),
        profitShare: formatCents(result.fees),
        endedCopies: result.ended,
        stopLossHit: result.stopLossHit,
      };
    });
  }
}
