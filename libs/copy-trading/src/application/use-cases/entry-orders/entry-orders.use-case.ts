import { Injectable } from '@nestjs/common';
import { Clock, isDomainError, UnitOfWork, type Page, type PageQuery } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { canonicalPrice, levelsProblem, type TradeSide } from '../../../domain/copy-math';
import { expiryProblem, orderErrors, orderPriceProblem, orderTriggered, type EntryOrderType, type OrderStatus } from '../../../domain/entry-order';
import { CopyRepository } from '../../ports/copy-repository';
import { EntryOrders, type EntryOrderRecord, type TriggeredOrder } from '../../ports/entry-orders';
import { TraderOrderQueue } from '../../services/trader-order-queue';
import { assertMayLead, OpenTradeUseCase } from '../open-trade/open-trade.use-case';

export interface PlaceOrderCommand {
  traderId: number;
  symbol: string;
  side: TradeSide;
  type: EntryOrderType;
  price: string;
  allocationPct: number;
  expiresAt?: string | null;
  stopLoss?: string | null;
  takeProfit?: string | null;
  trailingStopPct?: number | null;
}

/**
 * Entry orders (product.md §12.5, docs/copy-trading.md "Entry orders"). A limit or stop order waits, reserving
 * nothing, until a quote reaches its price; the price watcher then fills it through the open path
 * (OpenTradeUseCase.fillAt: the trade and its copiers' positions at the same fill, in one transaction), with every
 * check of a market order made again at that moment. A fill a check refuses leaves the order `rejected` with the
 * reason, and nothing else written.
 */
@Injectable()
export class EntryOrdersUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly copies: CopyRepository,
    private readonly market: MarketQuotes,
    private readonly queue: TraderOrderQueue,
    private readonly orders: EntryOrders,
    private readonly open: OpenTradeUseCase,
    private readonly clock: Clock,
  ) {}

  /**
   * Places a pending order: the trader may lead (403 KYC_REQUIRED), the market has a quote (409 MARKET.CLOSED,
   * 503 MARKET.NO_QUOTE), the price waits on the right side of it (400 ORDER.WRONG_SIDE), the levels are on the
   * right side of the order's price (400 TRADE.INVALID_LEVEL), expiresAt is ahead by at most 30 days (400).
   */
  place(command: PlaceOrderCommand): Promise<EntryOrderRecord> {
    const instrument = this.market.instrument(command.symbol); // MARKET.UNKNOWN_SYMBOL (400)
    const expiresAt = command.expiresAt ? new Date(command.expiresAt) : null;
    const expiry = expiresAt && expiryProblem(expiresAt, this.clock.now());
    if (expiry) throw orderErrors.badExpiry(expiry);
    return this.queue.run(command.traderId, () =>
      this.uow.run(async (tx) => {
        const trader = await this.copies.lockTrader(tx, command.traderId, 'share');
        assertMayLead(trader);
        const quote = await this.market.executableQuote(instrument.symbol);
        const wrongSide = orderPriceProblem(command.side, command.type, quote, command.price);
        if (wrongSide) throw orderErrors.wrongSide(wrongSide);
        const levels = { stopLoss: command.stopLoss ?? null, takeProfit: command.takeProfit ?? null };
        const problem = levelsProblem(command.side, { bid: command.price, ask: command.price }, levels, 'the order price');
        if (problem) throw copyErrors.badLevels(problem);
        return this.orders.insert(tx, trader.id, {
          symbol: instrument.symbol,
          market: instrument.market,
          side: command.side,
          type: command.type,
          price: canonicalPrice(command.price),
          allocationPct: command.allocationPct,
          stopLoss: levels.stopLoss === null ? null : canonicalPrice(levels.stopLoss),
          takeProfit: levels.takeProfit === null ? null : canonicalPrice(levels.takeProfit),
          trailingStopPct: command.trailingStopPct ?? null,
          expiresAt,
        });
      }),
    );
  }

  list(traderId: number, page: PageQuery, status?: OrderStatus): Promise<Page<EntryOrderRecord>> {
    return this.orders.list(traderId, page, status);
  }

  /** Cancels a pending order (404 ORDER.NOT_FOUND, also for another trader's; 409 ORDER.NOT_PENDING once it left pending). */
  async cancel(traderId: number, orderId: string): Promise<EntryOrderRecord> {
    const outcome = await this.orders.cancel(traderId, orderId);
    if ('id' in outcome) return outcome;
    if ('missing' in outcome) throw orderErrors.notFound();
    throw orderErrors.notPending(outcome.status);
  }

  /**
   * The watcher's fill of a triggered order, exactly once across instances: under the trader's exclusive lock (as a
   * market order) and the order's row lock, an order no longer pending is left alone (filled by another instance,
   * cancelled, expired). The fill's quote is read under the locks, as for a market order; if it no longer reaches the
   * order's price the order stays pending. 'filled', 'rejected' (a check refused it: the order records why), or null.
   * A missing quote (MARKET.NO_QUOTE) is not a refusal: the order stays pending for the next quote.
   */
  async fill(triggered: TriggeredOrder): Promise<'filled' | 'rejected' | null> {
    try {
      return await this.uow.run(async (tx) => {
        const trader = await this.copies.lockTrader(tx, triggered.traderId, 'exclusive');
        const order = await this.orders.lock(tx, triggered.orderId);
        if (!order || order.status !== 'pending') return null;
        if (order.expiresAt !== null && Date.parse(order.expiresAt) <= this.clock.now().getTime()) return null; // expire() takes it
        assertMayLead(trader);
        const instrument = this.market.instrument(order.symbol);
        const quote = await this.market.executableQuote(order.symbol);
        if (!orderTriggered(order.side, order.type, quote, order.price)) return null;
        const opened = await this.open.fillAt(tx, trader, instrument, order, quote);
        await this.orders.markFilled(tx, order.id, opened.trade.id);
        return 'filled' as const;
      });
    } catch (error) {
      if (!isDomainError(error) || error.code === 'MARKET.NO_QUOTE') throw error;
      // The fill's transaction rolled back whole; the refusal is recorded on its own.
      return (await this.orders.reject(triggered.orderId, `${error.code}: ${error.message}`)) ? 'rejected' : null;
    }
  }
}
