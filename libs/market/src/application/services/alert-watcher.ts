import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import type { Quote } from '../../domain/instrument';
import { QuoteListener } from '../ports/market-quotes';
import { AlertStore } from '../ports/alert-store';
import { AlertTrigger } from './alert-trigger';

/**
 * Price alerts on every batch of stored quotes (a QuoteListener: on every instance, through LISTEN/NOTIFY), beside
 * the copy-trading price watcher and apart from its guard cycle: one read (is any active alert crossed? the partial
 * index, no lock, no transaction: all a quiet tick costs), and only when one is, one transaction of one set-based
 * statement that spends them, with the notifications' insert. Two instances hear the same quotes and both evaluate them; the
 * statement's SKIP LOCKED and re-check spend each alert once. A failed evaluation is logged by QuoteListeners; the
 * next quote (within a second on an open market) evaluates again at its own price.
 */
@Injectable()
export class AlertWatcher extends QuoteListener {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: AlertStore,
    private readonly trigger: AlertTrigger,
  ) {
    super();
  }

  async onQuotes(quotes: Quote[]): Promise<void> {
    if (!quotes.length || !(await this.store.anyCrossed(quotes))) return;
    await this.uow.run((tx) => this.trigger.spend(tx, quotes));
  }
}
