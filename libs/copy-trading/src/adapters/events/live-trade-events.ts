import { Injectable } from '@nestjs/common';
import { type TransactionContext } from '@mirrorline/shared';
import { LiveEvents } from '@mirrorline/events';
import type { CloseOutResult } from '../../application/ports/price-watch-store';
import { TradeEvents } from '../../application/ports/trade-events';

/** TradeEvents over the events context's LiveEvents (inside the transaction: nothing goes out unless it commits). */
@Injectable()
export class LiveTradeEvents extends TradeEvents {
  constructor(private readonly live: LiveEvents) {
    super();
  }

  async closedOut(tx: TransactionContext, result: CloseOutResult): Promise<void> {
    for (const { trader, followerIds } of result.followersByTrader.values()) {
      const data = { traderId: trader.id, traderName: trader.name, reason: 'copy_stop_loss' };
      await this.live.publish(tx, followerIds, { type: 'position_closed', data: { ...data, closeReason: 'copy_stop_loss' } });
      await this.live.publish(tx, followerIds, { type: 'guard_hit', data: { ...data, guard: 'copy_stop_loss' } });
      await this.live.publish(tx, followerIds, { type: 'copy_stopped', data });
    }
  }
}
