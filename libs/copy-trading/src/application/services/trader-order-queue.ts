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
 *
 * Over HTTP an order queues earlier, before its request's transaction begins (`runRequest`, from
 * TraderOrderInterceptor): @Idempotent runs the whole handler in one transaction, so an order queued inside it
 * would hold a pooled connection while it waited, and a burst larger than the requests' share of the pool held
 * every one of them while the order at the head needed one more (a deadlock until the acquire timeout: 503s).
 */
@Injectable()
export class TraderOrderQueue {
  private readonly queue = new KeyedSerialQueue({ maxPending: MAX_QUEUED_ORDERS_PER_TRADER, full: () => copyErrors.tooManyOrders() });

  /** One order of the trader, in its turn (the use cases: every caller, the HTTP routes and the demo bots). */
  run<T>(traderId: number, order: () => Promise<T>): Promise<T> {
    return this.queue.run(`trader:${traderId}`, order);
  }

  /**
   * A whole order request of the user who sends it (a trader, or an admin acting for one), in its turn, before
   * its transaction begins. Keyed by the sender, who is known before the handler runs; the use case's `run` then
   * finds its trader's queue free (or behind one order of an admin for the same trader).
   */
  runRequest<T>(userId: string, request: () => Promise<T>): Promise<T> {
    return this.queue.run(`user:${userId}`, request);
  }

  /** How many order requests of the user wait or run now. */
  pendingRequests(userId: string): number {
    return this.queue.pending(`user:${userId}`);
  }
}
