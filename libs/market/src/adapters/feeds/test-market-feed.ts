import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, runSqlAffected } from '@mirrorline/shared';
import { MarketFeed } from '../../application/ports/market-feed';
import { InstrumentCatalogue } from '../../application/services/instrument-catalogue';
import { QuotePipeline } from '../../application/services/quote-pipeline';
import { marketErrors } from '../../domain/market-errors';
import { marketQueries } from '../persistence/market.queries';

/**
 * The feed of the tests (MARKET_FEED=test, the default under NODE_ENV=test): nothing ticks by itself; a
 * spec sets each price. `setQuote` takes the very path of the real feeds (store the quote, fold it into the
 * candles, NOTIFY every instance) and resolves once every QuoteListener of this instance has handled it:
 *
 *   await app.get(TestMarketFeed).setQuote('BTCUSDT', '50000', '50010');
 */
@Injectable()
export class TestMarketFeed extends MarketFeed {
  readonly kind = 'test' as const;

  constructor(
    private readonly pipeline: QuotePipeline,
    private readonly catalogue: InstrumentCatalogue,
    private readonly clock: Clock,
    private readonly em: EntityManager,
  ) {
    super();
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  serves(): boolean {
    return true;
  }

  /** Stores a quote (time: the Clock's now unless given) and waits for this instance's listeners. */
  async setQuote(symbol: string, bid: string, ask: string, time?: Date): Promise<void> {
    await this.catalogue.load();
    if (!this.catalogue.get(symbol)) throw marketErrors.unknownSymbol(symbol);
    await this.pipeline.publish([{ symbol, bid, ask, time: time ?? this.clock.now() }], { candles: true });
  }

  /** Removes every stored quote (candles stay): each symbol then answers MARKET.NO_QUOTE. */
  async clearQuotes(): Promise<void> {
    await runSqlAffected(this.em.getConnection(), marketQueries.clearQuotes());
  }
}
