import { Injectable } from '@nestjs/common';
import { KeyedSerialQueue } from '@mirrorline/shared';
import { copyErrors } from '../../domain/copy';

/** Orders of one trader that may wait or run at once in a process; the next is answered 429 (TRADE.TOO_MANY_ORDERS). */
export const MAX_QUEUED_ORDERS_PER_TRADER = 50;

/**
 * A trader's orders (open, close) run one after another in this process, first come first served. Each holds
 * the trader's row lock for its whole transaction (the fan-out and the settlement need it), so a burst used to
 * queue in PostgreSQL instead, every transaction holding a pooled connection while it waited: issue 26 saw 30
 * parallel opens of one trader give 12 × 503 from the statement timeout. Here the burst waits in memory and
 * takes one connection at a time; what waits for the row in the database is at most one order from each other
 * instance. Past MAX_QUEUED_ORDERS_PER_TRADER waiting, an order is refused at once with 429 and Retry-After.
 */
@Injectable()
export class TraderOrderQueue {
  private readonly queue = new KeyedSerialQueue({ maxPending: MAX_QUEUED_ORDERS_PER_TRADER, full: () => copyErrors.tooManyOrders() });

  run<T>(traderId: number, order: () => Promise<T>): Promise<T> {
    return this.queue.run(String(traderId), order);
  }
}
