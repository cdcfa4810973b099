import { Injectable } from '@nestjs/common';
import { type TransactionContext } from '@mirrorline/shared';
import { LiveEvents } from '@mirrorline/events';
import type { CloseOutResult } from '../../application/ports/price-watch-store';
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

  /** All of them in one round trip (a crash of the market closes out the copies of many traders at once). */
  async closedOut(tx: TransactionContext, result: CloseOutResult): Promise<void> {
    await this.live.publishEach(
      tx,
      [...result.followersByTrader.values()].flatMap(({ trader, followerIds: userIds }) => {
        const data = { traderId: trader.id, traderName: trader.name, reason: 'copy_stop_loss' };
        return [
          { userIds, event: { type: 'position_closed' as const, data: { ...data, closeReason: 'copy_stop_loss' } } },
          { userIds, event: { type: 'guard_hit' as const, data: { ...data, guard: 'copy_stop_loss' } } },
          { userIds, event: { type: 'copy_stopped' as const, data } },
        ];
      }),
    );
  }
}
