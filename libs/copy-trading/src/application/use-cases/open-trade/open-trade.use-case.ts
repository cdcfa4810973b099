import { Injectable } from '@nestjs/common';
import { formatCents, UnitOfWork } from '@mirrorline/shared';
import { copyErrors } from '../../../domain/copy';
import { CopyRepository } from '../../ports/copy-repository';
import { TradeEngine, type OpenTradeInput, type TradeRecord } from '../../ports/trade-engine';

export interface OpenTradeCommand extends OpenTradeInput {
  traderId: number;
}

export interface OpenTradeResult {
  trade: TradeRecord;
  copied: number;
  committed: string;
  skipped: Record<string, number>;
}

/** Opens a trade and gives every active copy its position in the same transaction (set-based). No money moves. */
@Injectable()
export class OpenTradeUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly engine: TradeEngine,
  ) {}

  execute(command: OpenTradeCommand): Promise<OpenTradeResult> {
    return this.uow.run(async (tx) => {
      const trader = await this.copies.lockTrader(tx, command.traderId, 'exclusive');
      // A blocked, deleted or demoted trader fans out nothing new to its copiers; closing its open trades
      // still works (CloseTradeUseCase) so their positions settle.
      if (!trader || !trader.listed) throw copyErrors.traderNotFound();
      const tradeId = await this.engine.insertTrade(tx, trader.id, command);
      const fanOut = await this.engine.fanOut(tx, trader, tradeId, command.allocationPct);
      const trade = await this.engine.trade(tx, tradeId);
      return { trade: trade!, copied: fanOut.copied, committed: formatCents(fanOut.committed), skipped: fanOut.skipped };
    });
  }
}
