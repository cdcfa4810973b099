import { DynamicModule, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import type { AppConfig } from '@mirrorline/shared';
import { MarketFeed } from './application/ports/market-feed';
import { MarketQuotes, QuoteListener } from './application/ports/market-quotes';
import { MarketStore } from './application/ports/market-store';
import { InstrumentCatalogue } from './application/services/instrument-catalogue';
import { LatestQuotes } from './application/services/latest-quotes';
import { MarketHistory } from './application/services/market-history';
import { QuoteListeners } from './application/services/quote-listeners';
import { QuotePipeline } from './application/services/quote-pipeline';
import { StoredMarketQuotes } from './application/services/stored-market-quotes';
import { FeedLeader } from './adapters/feeds/feed-leader';
import { SimulatedMarketFeed } from './adapters/feeds/simulated-market-feed';
import { BinanceMarketFeed } from './adapters/feeds/binance-market-feed';
import { MarketController } from './adapters/http/market.controller';
import { MarketStreamHub } from './adapters/http/market-stream.hub';
import { ReadMarketUseCase } from './application/use-cases/read-market/read-market.use-case';
import { TestMarketFeed } from './adapters/feeds/test-market-feed';
import { SqlMarketStore } from './adapters/persistence/sql-market-store';
import { AlertStore } from './application/ports/alert-store';
import { SqlAlertStore } from './adapters/persistence/sql-alert-store';
import { AlertMails } from './application/services/alert-mails';
import { AlertTrigger } from './application/services/alert-trigger';
import { AlertWatcher } from './application/services/alert-watcher';
import { AlertsController } from './adapters/http/alerts.controller';
import { GetWatchlistUseCase } from './application/use-cases/get-watchlist/get-watchlist.use-case';
import { ReplaceWatchlistUseCase } from './application/use-cases/replace-watchlist/replace-watchlist.use-case';
import { ListAlertsUseCase } from './application/use-cases/list-alerts/list-alerts.use-case';
import { CreateAlertUseCase } from './application/use-cases/create-alert/create-alert.use-case';
import { DeleteAlertUseCase } from './application/use-cases/delete-alert/delete-alert.use-case';

/** Registers every provider that extends QuoteListener (the execution side's price watcher, the quote stream). */
@Injectable()
class QuoteListenerDiscovery implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly listeners: QuoteListeners,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (instance instanceof QuoteListener) this.listeners.register(instance);
    }
  }
}

function feedClass(config: AppConfig) {
  switch (config.marketFeed) {
    case 'test':
      return TestMarketFeed;
    case 'binance':
      return BinanceMarketFeed;
    default:
      return SimulatedMarketFeed;
  }
}

/**
 * The market context (product.md §9.1–9.2, §9.4): instruments, sessions, quotes, candles, the feed and its
 * leader. apps/api's composition root re-exports it, so copy trading injects MarketQuotes and registers
 * QuoteListeners without importing it.
 */
@Module({})
export class MarketModule {
  static forRoot(config: AppConfig): DynamicModule {
    const feed = feedClass(config);
    return {
      module: MarketModule,
      imports: [DiscoveryModule],
      controllers: [MarketController, AlertsController],
      providers: [
        ReadMarketUseCase,
        MarketStreamHub,
        { provide: MarketStore, useClass: SqlMarketStore },
        InstrumentCatalogue,
        QuoteListeners,
        QuoteListenerDiscovery,
        QuotePipeline,
        MarketHistory,
        LatestQuotes,
        { provide: MarketQuotes, useClass: StoredMarketQuotes },
        feed,
        { provide: MarketFeed, useExisting: feed },
        FeedLeader,
        // watchlists and price alerts (product.md §12.5)
        { provide: AlertStore, useClass: SqlAlertStore },
        AlertMails,
        AlertTrigger,
        AlertWatcher,
        GetWatchlistUseCase,
        ReplaceWatchlistUseCase,
        ListAlertsUseCase,
        CreateAlertUseCase,
        DeleteAlertUseCase,
      ],
      exports: [MarketQuotes, QuoteListeners, MarketHistory, FeedLeader, MarketFeed, MarketStreamHub, feed, AlertMails],
    };
  }
}
