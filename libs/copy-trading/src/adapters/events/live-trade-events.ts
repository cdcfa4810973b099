import { Injectable } from '@nestjs/common';
import { emOf, type TransactionContext } from '@mirrorline/shared';
import { LiveEvents } from '@mirrorline/events';
import type { TraderRef } from '../../application/ports/copy-repository';
import type { CloseOutResult } from '../../application/ports/price-watch-store';
import type { FillReceipt, TradeRecord } from '../../application/ports/trade-engine';
import { TradeEvents, type CopiedPositionEvent } from '../../application/ports/trade-events';

/**
 * TradeEvents over the events context's LiveEvents (inside the transaction: nothing goes out unless it
 * commits). One publish per trade names every copier; the data is the same for all of them (every copy fills
 * at the trader's fill), small and id-based (the NOTIFY payload limit).
 */
@Injectable()
export class LiveTradeEvents extends TradeEvents {
  constructor(private readonly live: LiveEvents) {
    super();
  }

  private async copiers(tx: TransactionContext, tradeId: string, closedByTrade: boolean): Promise<string[]> {
    const [row] = await emOf(tx).execute<{ ids: string[] | null }[]>(
      `SELECT array_agg(follower_id::text) AS ids FROM copy_positions WHERE trade_id = ?
       ${closedByTrade ? "AND settled AND close_reason IS DISTINCT FROM 'copy_stop_loss'" : ''}`,
      [tradeId],
    );
    return row?.ids ?? [];
  }

  async tradeOpened(tx: TransactionContext, trader: TraderRef, trade: TradeRecord, quoteTime: Date): Promise<void> {
    const followers = await this.copiers(tx, trade.id, false);
    if (!followers.length) return;
    const receipt: FillReceipt = {
      traderFill: trade.entryPrice,
      copierFill: trade.entryPrice,
      quoteTime: quoteTime.toISOString(),
      delayMs: 0,
      slippageBps: '0.00',
    };
    await this.live.publish(tx, followers, {
      type: 'position_opened',
      data: { tradeId: trade.id, traderId: trader.id, symbol: trade.symbol, side: trade.side, entryPrice: trade.entryPrice, receipt },
    });
  }

  override async positionsCopied(tx: TransactionContext, followerId: string, traderId: number, positions: CopiedPositionEvent[]): Promise<void> {
    for (const p of positions) {
      await this.live.publish(tx, [followerId], {
        type: 'position_opened',
        data: { tradeId: p.tradeId, traderId, symbol: p.symbol, side: p.side, entryPrice: p.receipt.copierFill, receipt: p.receipt },
      });
    }
  }

  async tradeClosed(tx: TransactionContext, trader: TraderRef, trade: TradeRecord): Promise<void> {
    // One publish per distinct copier fill: every fan-out position fills at the trader's fill (one group, whatever
    // the number of copiers); a position taken over later by "copy open trades" has its own fill and receipt.
    const groups = await emOf(tx).execute<{ fill: string | null; delay_ms: number; slippage_bps: string; ids: string[] }[]>(
      `SELECT trim_scale(fill_price)::text AS fill, delay_ms, slippage_bps::text AS slippage_bps, array_agg(follower_id::text) AS ids
       FROM copy_positions WHERE trade_id = ? AND settled AND close_reason IS DISTINCT FROM 'copy_stop_loss'
       GROUP BY fill_price, delay_ms, slippage_bps`,
      [trade.id],
    );
    for (const g of groups) {
      await this.live.publish(tx, g.ids, {
        type: 'position_closed',
        data: {
          tradeId: trade.id,
          traderId: trader.id,
          symbol: trade.symbol,
          side: trade.side,
          entryPrice: g.fill ?? trade.entryPrice,
          exitPrice: trade.exitPrice,
          closeReason: trade.closeReason,
          receipt: { traderFill: trade.entryPrice, copierFill: g.fill ?? trade.entryPrice, delayMs: Number(g.delay_ms), slippageBps: Number(g.slippage_bps).toFixed(2) },
        },
      });
    }
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
