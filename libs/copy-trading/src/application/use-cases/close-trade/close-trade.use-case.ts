import { Injectable } from '@nestjs/common';
import { formatCents, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { Ledger } from '@mirrorline/wallet';
import { MarketQuotes, type Quote } from '@mirrorline/market';
import { Notifications, type NotificationInput } from '@mirrorline/notifications';
import { copyErrors } from '../../../domain/copy';
import { copyEndedNotice } from '../../../domain/copy-notices';
import { canonicalPrice, closePrice, levelCrossed, pnlPctInRange, tradePnlPct } from '../../../domain/copy-math';
import { CopyRepository, type TraderRef } from '../../ports/copy-repository';
import { CopyNoticeOutbox } from '../../ports/copy-notice-outbox';
import { TradeEngine, type CloseFill, type SettledCopyFlag, type SettlementResult, type TradeRecord } from '../../ports/trade-engine';
import { TraderOrderQueue } from '../../services/trader-order-queue';

export interface CloseTradeCommand {
  traderId: number;
  tradeId: string;
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
 * Closes a trade once at the market and settles every copied position, all or nothing in one transaction:
 * pnl to the copies, profit share to the trader, stop losses, and the end of stopping copies with nothing
 * left open. A trader's close fills at the bid (buy) / ask (sell) of an executable quote, reason `manual`;
 * the price watcher's close fills at the quote that crossed the stop loss / take profit.
 * The trader row lock (exclusive) orders this against copy stops, withdrawals and copy close-outs; the trade
 * row lock and the positions' settled flag make a second close a 409 that settles nothing.
 */
@Injectable()
export class CloseTradeUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly engine: TradeEngine,
    private readonly ledger: Ledger,
    private readonly market: MarketQuotes,
    private readonly orders: TraderOrderQueue,
    private readonly notifications: Notifications,
    private readonly outbox: CopyNoticeOutbox,
  ) {}

  /** The trader's (or an Admin's) close: at the market, reason manual; queued with the trader's other orders. */
  execute(command: CloseTradeCommand): Promise<CloseTradeResult> {
    return this.orders.run(command.traderId, () => this.manualClose(command));
  }

  private manualClose(command: CloseTradeCommand): Promise<CloseTradeResult> {
    return this.uow.run(async (tx) => {
      const { trader, trade } = await this.lock(tx, command.traderId, command.tradeId);
      if (trade.status === 'closed') throw copyErrors.tradeClosed();
      const quote = await this.market.executableQuote(trade.symbol);
      return this.close(tx, trader, trade, quote, 'manual');
    });
  }

  /**
   * The watcher's close at the quote that crossed a level. Re-checked under the locks: a trade closed in the
   * meantime, or whose level was moved or cleared so that the quote no longer crosses it, is left alone (null).
   */
  closeAtLevel(traderId: number, tradeId: string, quote: Quote): Promise<CloseTradeResult | null> {
    return this.uow.run(async (tx) => {
      const { trader, trade } = await this.lock(tx, traderId, tradeId);
      if (trade.status === 'closed' || trade.symbol !== quote.symbol) return null;
      const reason = levelCrossed(trade.side, quote, trade);
      if (!reason) return null;
      return this.close(tx, trader, trade, quote, reason);
    });
  }

  private async lock(tx: TransactionContext, traderId: number, tradeId: string): Promise<{ trader: TraderRef; trade: TradeRecord }> {
    const trader = await this.copies.lockTrader(tx, traderId, 'exclusive');
    if (!trader) throw copyErrors.traderNotFound();
    const trade = await this.engine.lockTrade(tx, tradeId);
    // Another trader's trade looks exactly like a missing one.
    if (!trade || trade.traderId !== trader.id) throw copyErrors.tradeNotFound();
    return { trader, trade };
  }

  private async close(
    tx: TransactionContext,
    trader: TraderRef,
    trade: TradeRecord,
    quote: Quote,
    reason: 'manual' | 'stop_loss' | 'take_profit',
  ): Promise<CloseTradeResult> {
    const exitPrice = canonicalPrice(closePrice(trade.side, quote));
    const pnlPct = tradePnlPct(trade.entryPrice, exitPrice, trade.side);
    if (!pnlPctInRange(pnlPct)) throw copyErrors.moveTooLarge();
    const fill = { exitPrice, quoteTime: new Date(quote.time), reason };
    await this.engine.closeTrade(tx, trade.id, fill, pnlPct);
    const result = await this.settle(tx, trader, trade, fill);
    const closed = (await this.engine.trade(tx, trade.id))!;
    return {
      trade: closed,
      positions: result.positions,
      copiersPnl: formatCents(result.pnl),
      profitShare: formatCents(result.fees),
      endedCopies: result.ended,
      stopLossHit: result.stopLossHit,
    };
  }

  /**
   * The settlement, in the order of docs/copy-trading.md: the one settlement statement (positions, copies, posting),
   * the cash return of the copies it ended, their followers' stop-loss / take-profit / ended notices (few: in this
   * transaction), the per-follower "closed with pnl" notice through the outbox (after the commit), then the totals.
   */
  private async settle(tx: TransactionContext, trader: TraderRef, trade: TradeRecord, fill: CloseFill): Promise<SettlementResult> {
    const accounts = {
      traderCash: await this.ledger.userAccount(tx, trader.userId, 'cash'),
      market: await this.ledger.platformAccount(tx, 'platform_market'),
    };
    const { returned, flagged, ...result } = await this.engine.settlePositions(tx, trade, fill, accounts);
    if (returned > 0n) await this.engine.returnEndedCopies(tx, trade.id);
    if (flagged.length) await this.notifications.notify(tx, settlementNotices(trader.name, flagged));
    await this.engine.releaseSettlement(tx);
    if (result.positions > 0) await this.outbox.enqueue(tx, trade.id, 'closed');
    // Added: positions a copy close-out settled earlier (copy_stop_loss) are already in the totals.
    await this.engine.addCopierTotals(tx, trade.id, result.pnl, result.fees);
    return result;
  }
}

/** The copy guards a settlement may trip, in the order their notices go out. */
const GUARD_NOTICES = [
  { hit: (f: SettledCopyFlag) => f.stopLossHit, guard: 'stop_loss', title: 'Stop loss reached', body: 'Your copy equity fell to its stop loss.' },
  { hit: (f: SettledCopyFlag) => f.takeProfitHit, guard: 'take_profit', title: 'Take profit reached', body: 'Your copy equity reached its take profit.' },
] as const;

/** The notices of the copies a settlement tripped or ended: stop losses, then take profits, then ends. */
export function settlementNotices(trader: string, flagged: readonly SettledCopyFlag[]): NotificationInput[] {
  return [
    ...GUARD_NOTICES.flatMap(({ hit, guard, title, body }) =>
      flagged.filter(hit).map((f) => ({
        userId: f.followerId,
        type: 'guard_hit',
        title: `${title}: your copy of ${trader} stops`,
        body,
        data: { copyId: f.copyId, guard, trader },
      })),
    ),
    ...flagged.filter((f) => f.ends).map((f) => copyEndedNotice(f.followerId, f.copyId, f.equity, trader)),
  ];
}
