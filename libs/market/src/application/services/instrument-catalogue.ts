import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import type { InstrumentSpec, MarketKind } from '../../domain/instrument';
import { isSessionOpen, nextSessionClose, nextSessionOpen } from '../../domain/session-calendar';
import { MarketStore } from '../ports/market-store';

export interface SessionState {
  open: boolean;
  /** next opening (null: always open, or never with this feed) */
  nextOpen: Date | null;
  nextClose: Date | null;
}

/**
 * The instrument catalogue (market_instruments, written by a migration), held in memory once loaded: it
 * changes only with a migration. Sessions depend on the feed too: the binance feed has no source for Forex
 * and Stocks, so those are listed as closed with no next opening.
 */
@Injectable()
export class InstrumentCatalogue implements OnModuleInit {
  private specs: InstrumentSpec[] = [];
  private bySymbol = new Map<string, InstrumentSpec>();
  private loading?: Promise<void>;

  constructor(
    private readonly store: MarketStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.load();
  }

  /** Loads the catalogue once (start-up tasks call it before the app's init hooks run). */
  load(): Promise<void> {
    this.loading ??= this.store.instruments().then((specs) => {
      this.specs = specs;
      this.bySymbol = new Map(specs.map((s) => [s.symbol, s]));
    });
    return this.loading;
  }

  all(): readonly InstrumentSpec[] {
    return this.specs;
  }

  get(symbol: string): InstrumentSpec | undefined {
    return this.bySymbol.get(symbol);
  }

  /** Whether the running feed has prices for this market at all. */
  served(market: MarketKind): boolean {
    return this.config.marketFeed !== 'binance' || market === 'Crypto';
  }

  isOpen(spec: InstrumentSpec, at: Date): boolean {
    return this.served(spec.market) && isSessionOpen(spec.session, at);
  }

  session(spec: InstrumentSpec, at: Date): SessionState {
    if (!this.served(spec.market)) return { open: false, nextOpen: null, nextClose: null };
    return { open: isSessionOpen(spec.session, at), nextOpen: nextSessionOpen(spec.session, at), nextClose: nextSessionClose(spec.session, at) };
  }
}
