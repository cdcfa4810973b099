import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, KeyedSerialQueue, serverBusy, type AppConfig } from '@mirrorline/shared';
import { copyErrors } from '../../domain/copy';

/** Orders of one trader that may wait or run at once in a process; the next is answered 429 (TRADE.TOO_MANY_ORDERS). */
export const MAX_QUEUED_ORDERS_PER_TRADER = 50;

/** Senders whose order times are remembered (a map that cannot grow without bound; the oldest is forgotten first). */
const REMEMBERED_SENDERS = 10_000;

/** Weight of the newest order in a sender's average order time. */
const EWMA_WEIGHT = 0.3;

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
 *
 * An order request's wait is bounded too (ADMISSION_TARGET_MS, docs/deploy.md "Limits"): an order that would
 * wait longer than the target behind the sender's orders ahead of it (their number × the sender's average order
 * time) is answered 503 "The server is busy" + Retry-After at once — unless only one order is ahead of it (a
 * trader with a large following takes longer than the target for one order, and may still send the next). Under overload a trader's orders take longer
 * (a fan-out to every copier each), and without the bound the line, and the wait of every order in it, grew
 * without end while admission control saw only a few requests in flight.
 */
@Injectable()
export class TraderOrderQueue {
  private readonly queue = new KeyedSerialQueue({ maxPending: MAX_QUEUED_ORDERS_PER_TRADER, full: () => copyErrors.tooManyOrders() });
  /** Each sender's average order request time (ms), newest orders weighing most. */
  private readonly orderMs = new Map<string, number>();
  private readonly waitBudgetMs: number;
  /** The clock order times are read on (tests move it). */
  now: () => number = () => performance.now();

  constructor(@Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'admissionTargetMs'>) {
    this.waitBudgetMs = config?.admissionTargetMs ?? 0;
  }

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
    const key = `user:${userId}`;
    const ahead = this.queue.pending(key);
    // (one order behind the one running always waits: a trader's second click, however big the fan-out)
    if (this.waitBudgetMs > 0 && ahead > 1 && ahead * (this.orderMs.get(userId) ?? 0) > this.waitBudgetMs) return Promise.reject(serverBusy());
    return this.queue.run(key, async () => {
      const started = this.now();
      try {
        return await request();
      } finally {
        this.remember(userId, this.now() - started);
      }
    });
  }

  private remember(userId: string, ms: number): void {
    const before = this.orderMs.get(userId);
    this.orderMs.delete(userId); // (re-inserted last: the map forgets the sender not heard from longest)
    this.orderMs.set(userId, before === undefined ? ms : before + EWMA_WEIGHT * (ms - before));
    if (this.orderMs.size > REMEMBERED_SENDERS) this.orderMs.delete(this.orderMs.keys().next().value!);
  }

  /** How many order requests of the user wait or run now. */
  pendingRequests(userId: string): number {
    return this.queue.pending(`user:${userId}`);
  }
}
