import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, requestArrival, type AppConfig } from '@mirrorline/shared';
import { requestConnections } from '../config/load-config';
import { DatabaseAnswers } from './database-answers';

/** Acquire timeouts a background worker sits through before its cycle fails (a request gets one). */
const WORKER_ATTEMPTS = 3;

/** A pooled connection as knex hands it out (a node-postgres Client). */
interface PooledConnection {
  connection?: { stream?: { destroy(error?: Error): void } };
  [BY_REQUEST]?: boolean;
}

const BY_REQUEST = Symbol('mirrorline.connection.byRequest');

interface KnexClient {
  acquireConnection(): Promise<PooledConnection>;
  releaseConnection(connection: PooledConnection): Promise<void>;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  /** performance.now() when it joined the line */
  since: number;
}

/** The error of a request that got no connection in time (the 503's reason: "no pooled connection within the acquire timeout"). */
function acquireTimeout(): Error {
  return Object.assign(new Error('Timeout acquiring a connection: requests hold every connection they may use'), { name: 'KnexTimeoutError' });
}

/** The error of a request asking for a connection while the database does not answer (SQLSTATE 08006: a 503). */
function databaseDown(): Error {
  return Object.assign(new Error('Connection failure: the database does not answer (database monitor)'), { code: '08006' });
}

/**
 * Between knex and its pool (docs/deploy.md, Limits):
 * - requests hold at most DB_POOL_SIZE − WORKER_CONNECTIONS pooled connections at once; the others stay for
 *   the background workers (price watcher, outbox sweep, market feed), which a burst of requests never starves.
 *   A request past the limit waits in line for DB_ACQUIRE_TIMEOUT_MS at most, then answers 503;
 * - `overloaded`: the request at the head of that line has waited longer than DB_QUEUE_SHED_MS. Admission
 *   control (configure-app.ts) then answers new requests 503 at once, before any work (load shedding by queue
 *   wait), so the line, and with it the accepted requests' latency, stops growing; MAX_IN_FLIGHT, a count,
 *   cannot tell a burst of cheap reads from a burst of fan-outs. A request already admitted is never shed
 *   halfway: its next statement joins the line;
 * - when the database monitor finds the database gone or frozen (nothing answered for DB_STATEMENT_TIMEOUT_MS),
 *   `fail()` ends every query in flight at once (its connection is destroyed: the query rejects, the transaction
 *   never commits, the request answers 503) instead of letting a long one (a settlement's 120 s bound) wait, and
 *   requests get no connection until it answers again.
 */
@Injectable()
export class ConnectionGate implements OnModuleInit {
  private readonly logger = new Logger('Database');
  private readonly limit: number;
  private readonly timeoutMs: number;
  private readonly shedMs: number;
  private readonly silenceMs: number;
  private held = 0;
  private readonly waiting: Waiter[] = [];
  private readonly inUse = new Set<PooledConnection>();
  private down = false;
  /** When the monitor's ping last got an answer. */
  private lastPing = Date.now();

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'dbPoolSize' | 'dbAcquireTimeoutMs' | 'dbQueueShedMs' | 'dbStatementTimeoutMs'>,
    @Optional() private readonly answers?: DatabaseAnswers,
  ) {
    this.limit = requestConnections(config.dbPoolSize);
    this.timeoutMs = config.dbAcquireTimeoutMs;
    this.shedMs = config.dbQueueShedMs;
    this.silenceMs = config.dbStatementTimeoutMs;
  }

  onModuleInit(): void {
    this.install(this.orm.em.getConnection().getKnex().client as unknown as KnexClient);
  }

  /** Connections requests hold now (for tests and the log). */
  get heldByRequests(): number {
    return this.held;
  }

  /** Wraps one knex client's acquire and release (transactions acquire through the same client). */
  install(client: KnexClient): void {
    const acquire = client.acquireConnection.bind(client);
    const release = client.releaseConnection.bind(client);
    client.acquireConnection = async () => {
      // Inside a request (configure-app.ts runs every request in runAsRequest): counted against the limit.
      const byRequest = requestArrival() !== undefined;
      if (byRequest) await this.enter();
      let connection: PooledConnection;
      for (let attempt = 1; ; attempt++) {
        try {
          connection = await acquire();
          break;
        } catch (error) {
          // A worker (price watcher, outbox, feed) waits longer than a request: on a loaded host, under a burst,
          // opening a connection can take longer than one acquire timeout, and a failed cycle helps nobody.
          if (!byRequest && attempt < WORKER_ATTEMPTS && (error as Error).name === 'KnexTimeoutError') continue;
          if (byRequest) this.leave();
          throw error;
        }
      }
      connection[BY_REQUEST] = byRequest;
      this.inUse.add(connection);
      return connection;
    };
    client.releaseConnection = (connection: PooledConnection) => {
      this.inUse.delete(connection);
      if (connection[BY_REQUEST]) {
        connection[BY_REQUEST] = false;
        this.leave();
      }
      return release(connection);
    };
  }

  /** Whether new requests must be turned away: the head of the line for a connection has waited past DB_QUEUE_SHED_MS. */
  overloaded(now = performance.now()): boolean {
    return this.shedMs > 0 && this.waiting.length > 0 && now - this.waiting[0].since > this.shedMs;
  }

  /** Milliseconds since the database last answered anything: a pooled statement, or the monitor's ping. */
  silentFor(now = Date.now()): number {
    return Math.min(this.answers?.silentFor(now) ?? Infinity, now - this.lastPing);
  }

  /** Whether the database has answered anything within `ms` (the monitor's pings may time out on a busy host while it does). */
  answeredWithin(ms: number, now = Date.now()): boolean {
    return this.silentFor(now) < ms;
  }

  /**
   * The database does not answer (the monitor, at each failed ping while it is down). Once it has answered nothing
   * for DB_STATEMENT_TIMEOUT_MS — no ping, and no pooled statement answered, not even with an error (a frozen or
   * dead server: a live one would have ended any statement by then) — every connection in use is dropped: its query rejects,
   * nothing commits, the request answers 503; and requests get no new connection until it answers again. Before
   * that nothing is ended: on a busy host the pings may time out while queries still complete.
   */
  fail(reason: string, now = Date.now()): void {
    const silentMs = this.silentFor(now);
    if (silentMs < this.silenceMs) return;
    this.down = true;
    for (const waiter of this.waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(databaseDown());
    }
    if (this.inUse.size) this.logger.warn(`Ending ${this.inUse.size} quer${this.inUse.size === 1 ? 'y' : 'ies'} in flight: the database has not answered for ${(silentMs / 1000).toFixed(1)} s (${reason}); they answer 503`);
    for (const connection of this.inUse) connection.connection?.stream?.destroy();
    this.inUse.clear();
  }

  /** The database answers again (monitor). */
  recovered(now = Date.now()): void {
    this.down = false;
    this.lastPing = now;
  }

  private enter(now = performance.now()): Promise<void> {
    if (this.down) return Promise.reject(databaseDown());
    if (this.held < this.limit && this.waiting.length === 0) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        since: now,
        resolve,
        reject,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(acquireTimeout());
        }, this.timeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) {
      // The place passes straight to the next in line: `held` stays the same.
      clearTimeout(next.timer);
      next.resolve();
    } else {
      this.held--;
    }
  }
}
