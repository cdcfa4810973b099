import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, runSql, type AppConfig } from '@mirrorline/shared';
import { FeedLeader, MarketQuotes, type Quote } from '@mirrorline/market';
import { closePrice, CloseTradeUseCase, OpenTradeUseCase, type TradeSide } from '@mirrorline/copy-trading';
import { tradingSeedQueries } from '@mirrorline/copy-trading/sql';
import { DEMO_TRADERS } from './demo-traders';

const TICK_MS = 15_000;
/** A demo trader holds a trade this long (minutes) unless its SL/TP closes it first: 3–7 from the trade id. */
const holdMinutes = (tradeId: string): number => 3 + Number(BigInt(tradeId) % 5n);

/**
 * Demo trading (product.md §9.5, DEMO_TRADING, default = DEMO_DATA, off in tests): every minute or two a bot
 * opens a market order for one of the demo traders (on one of its markets' instruments that has a fresh quote,
 * with a stop loss and a take profit 0.4–1.5 % away), and closes it a few minutes later unless the price watcher
 * closed it by its SL/TP first — through the same use cases as a real trader (so copies follow and settle).
 * Only the instance that runs the market feed acts (FeedLeader), so several instances do not trade twice.
 */
@Injectable()
export class DemoTradingBot implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DemoTrading');
  private timer: NodeJS.Timeout | null = null;
  private nextOpenAt = 0;
  private running = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly market: MarketQuotes,
    private readonly openTrade: OpenTradeUseCase,
    private readonly closeTrade: CloseTradeUseCase,
    @Optional() private readonly leader?: FeedLeader,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.demoTrading) return;
    this.nextOpenAt = Date.now() + 30_000;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * One round: close what is due, open a new trade when it is time. Exposed for specs, which drive it with their
   * own clock and `anyInstance` (the test feed has no leader).
   */
  async tick(now = Date.now(), anyInstance = false): Promise<{ opened: number; closed: number }> {
    const done = { opened: 0, closed: 0 };
    if (this.running || (!anyInstance && this.leader && !this.leader.isLeader)) return done;
    this.running = true;
    try {
      const ids = DEMO_TRADERS.map((t) => t.id);
      const open = await runSql(this.em.getConnection(), tradingSeedQueries.openTradesOf(ids));
      for (const trade of open) {
        if (now - new Date(trade.opened_at).getTime() < holdMinutes(trade.id) * 60_000) continue;
        try {
          await this.closeTrade.execute({ traderId: Number(trade.trader_id), tradeId: trade.id });
          done.closed++;
        } catch (error) {
          this.logger.debug(`demo close of trade ${trade.id} skipped: ${(error as Error).message}`);
        }
      }
      if (now >= this.nextOpenAt) {
        this.nextOpenAt = now + 60_000 + Math.floor(Math.random() * 60_000);
        if (await this.openOne(open)) done.opened++;
      }
    } catch (error) {
      this.logger.error(`demo trading round failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
    return done;
  }

  private async openOne(open: Array<{ trader_id: number }>): Promise<boolean> {
    const quotes = await this.market.freshQuotes();
    const existing = await runSql(this.em.getConnection(), tradingSeedQueries.existingTraderIds(DEMO_TRADERS.map((t) => t.id)));
    const present = new Set(existing.map((r) => Number(r.id)));
    const busy = (id: number) => open.filter((t) => Number(t.trader_id) === id).length >= 2;
    const candidates = DEMO_TRADERS.filter((t) => present.has(t.id) && !busy(t.id))
      .map((trader) => ({ trader, quotes: quotes.filter((q) => this.tradable(q, trader.markets)) }))
      .filter((c) => c.quotes.length > 0);
    if (!candidates.length) return false;
    const pick = candidates[Math.floor(Math.random() * candidates.length)];
    const quote = pick.quotes[Math.floor(Math.random() * pick.quotes.length)];
    const side: TradeSide = pick.trader.id === 7 || Math.random() < 0.6 ? 'buy' : 'sell';
    const decimals = this.market.instrument(quote.symbol).priceDecimals;
    const price = Number(closePrice(side, quote));
    const away = (pct: number, up: boolean) => (price * (1 + (up ? pct : -pct) / 100)).toFixed(decimals);
    const [lo, hi] = pick.trader.allocation;
    try {
      await this.openTrade.execute({
        traderId: pick.trader.id,
        symbol: quote.symbol,
        side,
        allocationPct: lo + Math.floor(Math.random() * (hi - lo + 1)),
        stopLoss: away(0.4 + Math.random() * 1.1, side === 'sell'),
        takeProfit: away(0.4 + Math.random() * 1.1, side === 'buy'),
      });
      return true;
    } catch (error) {
      this.logger.debug(`demo open on ${quote.symbol} skipped: ${(error as Error).message}`);
      return false;
    }
  }

  private tradable(quote: Quote, markets: readonly string[]): boolean {
    try {
      return markets.includes(this.market.instrument(quote.symbol).market);
    } catch {
      return false;
    }
  }
}
