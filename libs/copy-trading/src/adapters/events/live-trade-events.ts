import { Injectable } from '@nestjs/common';
import { type TransactionContext } from '@mirrorline/shared';
import { LiveEvents } from '@mirrorline/events';
import { TradeEvents, type CopiedPositionEvent } from '../../application/ports/trade-events';

/** TradeEvents over the events context's LiveEvents (inside the transaction: nothing goes out unless it commits). */
@Injectable()
export class LiveTradeEvents extends TradeEvents {
  constructor(private readonly live: LiveEvents) {
    super();
  }

  /** One position_opened per position a new copy took over from the trader's open trades (its own fill). */
  override async positionsCopied(tx: TransactionContext, followerId: string, traderId: number, positions: CopiedPositionEvent[]): Promise<void> {
    await this.live.publishEach(
      tx,
      positions.map((p) => ({
        userIds: [followerId],
        event: {
          type: 'position_opened' as const,
          data: { tradeId: p.tradeId, traderId, symbol: p.symbol, side: p.side, entryPrice: p.receipt.copierFill, receipt: p.receipt },
        },
      })),
    );
  }
}
