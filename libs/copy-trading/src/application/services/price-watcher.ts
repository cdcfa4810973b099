import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MarketQuotes, QuoteListener, type Quote } from '@mirrorline/market';
import { PriceWatchStore, type TrippedCopy } from '../ports/price-watch-store';
import { EntryOrders } from '../ports/entry-orders';
import { CloseTradeUseCase } from '../use-cases/close-trade/close-trade.use-case';
import { EntryOrdersUseCase } from '../use-cases/entry-orders/entry-orders.use-case';
import { CloseOutCopiesUseCase } from '../use-cases/close-out-copies/close-out-copies.use-case';

/** The timer's period: every copy with open positions is checked at least this often. */
export const WATCH_INTERVAL_MS = 1_000;
/** A close-out of at least this many copies runs as two transactions side by side. */
export const CLOSE_OUT_SPLIT = 200;

export interface WatchCycleResult {
  /** pending entry orders past their expiresAt, now expired */
  expiredOrders: number;
  /** triggered entry orders filled (each a trade opened through the open path) */
  filledOrders: number;
  /** triggered entry orders a fill-time check refused (now rejected) */
  rejectedOrders: number;
  /** trailing stops moved */
  ratchetedStops: number;
  /** trades closed by their stop loss / take profit */
  closedTrades: number;
  /** copies closed out by their stop loss on live equity */
  closedOutCopies: number;
}

/**
 * The two halves of a mass close-out. Whole traders go to one half or the other (the largest first, each to the
 * smaller half), so that the halves lock disjoint trade rows (a close-out adds its copies' pnl to their trades'
 * totals) and meet only in their last statement, on the market's account (and the cash of a follower of traders in
 * both halves). When one trader holds more than three quarters of the copies, the halves alternate instead: they
 * then share that trader's trade rows too.
 */
export function splitCloseOut(tripped: readonly TrippedCopy[]): [TrippedCopy[], TrippedCopy[]] {
  const byTrader = new Map<number, TrippedCopy[]>();
  for (const t of tripped) {
    const copies = byTrader.get(t.traderId) ?? [];
    copies.push(t);
    byTrader.set(t.traderId, copies);
  }
  const halves: [TrippedCopy[], TrippedCopy[]] = [[], []];
  for (const copies of [...byTrader.values()].sort((a, b) => b.length - a.length)) {
    halves[halves[0].length <= halves[1].length ? 0 : 1].push(...copies);
  }
  if (Math.min(halves[0].length, halves[1].length) * 4 >= tripped.length) return halves;
  const alternate = (k: number) => tripped.filter((_, i) => i % 2 === k);
  return [alternate(0), alternate(1)];
}

/**
 * The price watcher (docs/market.md "Price watcher"). On every batch of new quotes (QuoteListener, on every
 * instance through LISTEN/NOTIFY) and at least once a second (timer, on the market's fillable quotes) it runs one
 * cycle: (0) pending entry orders expire, or fill when the quotes reach their price (EntryOrdersUseCase.fill), and
 * trailing stops ratchet; (1) the open trades whose SL/TP the quotes cross close at that quote, through CloseTradeUseCase;
 * (2) one set-based statement finds every copy whose live equity is at its stop loss, and one transaction
 * closes them out. Cycles of one instance never overlap (a cycle asked for while one runs runs right after it,
 * on the newest quotes). Several instances may run cycles at once: exactly-once holds by the locks (trader
 * row, trade row, copy rows) and the positions' settled flag, re-checked under them.
 */
@Injectable()
export class PriceWatcher extends QuoteListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PriceWatcher');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<WatchCycleResult> | null = null;
  private pending: Map<string, Quote> | null = null;
  private closed = false;
  /** Off until the app has started; paused() turns it off for a while. */
  private enabled = false;
  private paused = false;
  /** A close-out of at least this many copies runs as two transactions side by side (specs lower it). */
  closeOutSplit = CLOSE_OUT_SPLIT;

  constructor(
    private readonly market: MarketQuotes,
    private readonly store: PriceWatchStore,
    private readonly closeTrade: CloseTradeUseCase,
    private readonly closeOut: CloseOutCopiesUseCase,
    private readonly orders: EntryOrders,
    private readonly fillOrders: EntryOrdersUseCase,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.enabled = true;
    this.timer = setInterval(() => void this.tick(), WATCH_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  /**
   * New quotes stored by the market: checked right away (the caller awaits the cycle). A copy's live equity
   * needs every symbol it holds, so the batch is merged over the market's other quotes. A cycle fills (SL/TP
   * closes, close-outs), so it runs on fillable quotes only (≤ MARKET_MAX_FILL_AGE_MS, product.md §11.1).
   */
  async onQuotes(quotes: Quote[]): Promise<void> {
    if (!this.enabled || this.paused || this.closed || !quotes.length) return;
    await this.request(await this.market.fillableQuotes(quotes));
  }

  /**
   * Stops acting on quotes until resume() (specs: a price that jumps past a level between two cycles, so that
   * a trader's close meets it first; benches that time cycles themselves).
   */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  /** Resolves when no cycle runs (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.closed || this.paused || this.running) return; // a running cycle covers this second
    try {
      await this.request(await this.market.fillableQuotes());
    } catch (error) {
      this.logger.error(`watch cycle failed: ${(error as Error).message}`);
    }
  }

  /** Runs a cycle on these quotes, or merges them into the one that runs after the current cycle. */
  private async request(quotes: readonly Quote[]): Promise<void> {
    if (this.running) {
      this.pending ??= new Map();
      for (const q of quotes) this.pending.set(q.symbol, q);
      await this.idle();
      return;
    }
    let next: readonly Quote[] | null = quotes;
    while (next && !this.closed) {
      this.running = this.cycle(next);
      try {
        await this.running;
      } finally {
        this.running = null;
      }
      next = this.pending ? [...this.pending.values()] : null;
      this.pending = null;
    }
  }

  /**
   * Entry orders (product.md §12.5): the expired ones first (an expired order never fills), then one statement finds
   * the pending orders these quotes reach and each fills in its own transaction through the open path. Then the
   * trailing stops move, before the SL check, so a stop that tightened is the one the quotes are held against.
   */
  private async entryOrders(quotes: readonly Quote[], result: WatchCycleResult): Promise<void> {
    result.expiredOrders = await this.orders.expire();
    for (const triggered of await this.orders.triggered(quotes)) {
      try {
        const outcome = await this.fillOrders.fill(triggered);
        if (outcome === 'filled') result.filledOrders++;
        if (outcome === 'rejected') result.rejectedOrders++;
      } catch (error) {
        this.logger.error(`filling order ${triggered.orderId} failed: ${(error as Error).message}`);
      }
    }
    result.ratchetedStops = await this.store.ratchetTrailingStops(quotes);
  }

  /** One cycle on these quotes (exposed for the bench and the specs). */
  async cycle(quotes: readonly Quote[]): Promise<WatchCycleResult> {
    const result: WatchCycleResult = { expiredOrders: 0, filledOrders: 0, rejectedOrders: 0, ratchetedStops: 0, closedTrades: 0, closedOutCopies: 0 };
    if (!quotes.length) return result;
    // Entry orders and trailing stops first; a failure there is logged and never keeps the guards below from running.
    try {
      await this.entryOrders(quotes, result);
    } catch (error) {
      this.logger.error(`entry orders / trailing stops failed: ${(error as Error).message}`);
    }
    // SL/TP first: a trade that closes settles its positions for every copy, which the copy check then sees.
    for (const crossed of await this.store.crossedTrades(quotes)) {
      try {
        if (await this.closeTrade.closeAtLevel(crossed.traderId, crossed.tradeId, crossed.quote)) result.closedTrades++;
      } catch (error) {
        this.logger.error(`closing trade ${crossed.tradeId} at its ${crossed.reason} failed: ${(error as Error).message}`);
      }
    }
    const tripped = await this.store.trippedCopies(quotes);
    if (!tripped.length) return result;
    // Many copies at once (a crash of the market) close out in two transactions side by side, so that both of a
    // machine's cores work on them. They touch disjoint copies and lock shared rows (the market's account, a
    // trade's, a follower's cash) in one order, so neither waits on the other in a cycle.
    const parts = tripped.length >= this.closeOutSplit ? splitCloseOut(tripped) : [tripped];
    // The notices of both go out once both are done (the delivery would compete with the second for the database).
    const holdNotices = parts.length > 1;
    const outcomes = await Promise.allSettled(parts.map((part) => this.closeOut.execute(part, quotes, { holdNotices })));
    if (holdNotices) this.store.deliverNotices();
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') result.closedOutCopies += outcome.value.copies;
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    return result;
  }
}
