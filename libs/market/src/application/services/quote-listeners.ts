import { Injectable, Logger } from '@nestjs/common';
import type { Quote } from '../../domain/instrument';
import { QuoteListener } from '../ports/market-quotes';

/**
 * Every QuoteListener of this instance. Providers that extend QuoteListener are found and registered at
 * bootstrap (MarketModule); anything else can `register` itself. `dispatch` calls each listener once per
 * batch of stored quotes and waits for all of them; one listener's failure is logged and never stops the others.
 */
@Injectable()
export class QuoteListeners {
  private readonly logger = new Logger('QuoteListeners');
  private readonly listeners = new Set<QuoteListener>();

  /** Adds a listener (once, however often it is registered); returns the function that removes it. */
  register(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  async dispatch(quotes: readonly Quote[]): Promise<void> {
    if (!quotes.length || !this.listeners.size) return;
    await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener.onQuotes(quotes as Quote[]);
        } catch (error) {
          this.logger.error(`${listener.constructor.name}.onQuotes failed: ${(error as Error).message}`);
        }
      }),
    );
  }
}
