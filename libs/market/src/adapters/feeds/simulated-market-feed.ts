import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '@mirrorline/shared';
import { MarketFeed } from '../../application/ports/market-feed';
import { MarketStore } from '../../application/ports/market-store';
import { InstrumentCatalogue } from '../../application/services/instrument-catalogue';
import { MarketHistory, marketSecretOf } from '../../application/services/market-history';
import { QuotePipeline } from '../../application/services/quote-pipeline';
import type { InstrumentSpec, Quote } from '../../domain/instrument';
import { gbmStep, pathKey, quoteAround, tickShock } from '../../domain/price-path';

export const SIMULATED_TICK_MS = 1000;

/**
 * The simulated market (MARKET_FEED=simulated, the default; refused in production): on start it backfills the
 * history up to now, then every second moves each open instrument one GBM step (its shock drawn from the
 * installation's secret path at the second since the epoch: nobody without the secret knows it in advance) and
 * stores a quote for it. Closed instruments stand still.
 */
@Injectable()
export class SimulatedMarketFeed extends MarketFeed {
  readonly kind = 'simulated' as const;
  private readonly logger = new Logger('SimulatedMarketFeed');
  private timer?: NodeJS.Timeout;
  private running = false;
  private ticking?: Promise<void>;
  /** mid price and the second it was computed for, per symbol */
  private readonly state = new Map<string, { mid: number; second: number }>();
  /** each symbol's generator key, derived once from the secret */
  private readonly keys = new Map<string, Buffer>();

  constructor(
    private readonly catalogue: InstrumentCatalogue,
    private readonly history: MarketHistory,
    private readonly pipeline: QuotePipeline,
    private readonly store: MarketStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  serves(): boolean {
    return true;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.catalogue.load();
    await this.history.backfill(this.clock.now());
    this.state.clear();
    for (const quote of await this.store.latestQuotes()) {
      this.state.set(quote.symbol, { mid: (Number(quote.bid) + Number(quote.ask)) / 2, second: Math.floor(quote.time.getTime() / 1000) });
    }
    if (!this.running) return;
    await this.tick(); // fresh quotes before the API listens, not a second later
    this.timer = setInterval(() => {
      if (this.ticking) return; // a slow tick is skipped, not queued
      this.ticking = this.tick().finally(() => (this.ticking = undefined));
    }, SIMULATED_TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** One tick: a quote for every open instrument at the Clock's now. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    const second = Math.floor(now.getTime() / 1000);
    const quotes: Quote[] = [];
    for (const spec of this.catalogue.all()) {
      if (!this.catalogue.isOpen(spec, now)) continue;
      const mid = this.advance(spec, second);
      quotes.push({ symbol: spec.symbol, ...quoteAround(spec, mid), time: now });
    }
    try {
      await this.pipeline.publish(quotes, { candles: true });
    } catch (error) {
      this.logger.error(`simulated tick failed: ${(error as Error).message}`);
    }
  }

  private advance(spec: InstrumentSpec, second: number): number {
    const current = this.state.get(spec.symbol) ?? { mid: spec.basePrice, second: second - 1 };
    if (second <= current.second) return current.mid;
    let key = this.keys.get(spec.symbol);
    if (!key) this.keys.set(spec.symbol, (key = pathKey(marketSecretOf(this.config), spec.symbol)));
    const mid = gbmStep(current.mid, spec.volatility, (second - current.second) * 1000, tickShock(key, second));
    this.state.set(spec.symbol, { mid, second });
    return mid;
  }
}
