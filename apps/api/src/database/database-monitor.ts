import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, databaseUnavailableReason, type AppConfig } from '@mirrorline/shared';
import { DATABASE_URL } from '@mirrorline/shared/nest';
import { ConnectionGate } from './connection-gate';

export { DATABASE_URL };

/** One ping a second on a connection of its own (never a pooled one: a busy pool must not look like an outage). */
const PING_EVERY_MS = 1_000;
/**
 * A ping that takes longer counts as failed (a frozen server accepts connections but never answers):
 * DB_PING_TIMEOUT_MS, 1.5 s by default. The specs' apps wait longer (test/support/test-app.ts): on a loaded
 * machine two slow pings in a row would otherwise answer every request 503 for a moment.
 */
const PING_TIMEOUT_MS = 1_500;
/** Timeouts in a row before the database counts as unavailable (a refused connection counts at once). */
const TIMEOUTS_TO_TRIP = 2;

/**
 * Watches the database from the side and tells the HTTP edge whether it answers. While it does not
 * (down, restarting, frozen), API requests get 503 SERVICE_UNAVAILABLE with Retry-After at once instead
 * of each waiting for its own timeout, and the log gets one line when it goes and one when it is back.
 * Recovery needs no restart: the pool drops broken connections and opens new ones on the next request.
 */
@Injectable()
export class DatabaseMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private client: Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private closed = false;
  private failures = 0;
  private downSince: number | null = null;
  private reason = '';
  private readonly pingTimeoutMs: number;

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    // The pool's gate: ends the queries in flight when the database goes (product.md §11.5, bounded waits).
    @Optional() private readonly gate?: ConnectionGate,
    // always there in the app (no @Optional: a missing config fails the boot instead of quietly using 1.5 s)
    @Inject(APP_CONFIG) config?: Pick<AppConfig, 'dbPingTimeoutMs'>,
  ) {
    this.pingTimeoutMs = config?.dbPingTimeoutMs ?? PING_TIMEOUT_MS;
  }

  /** False while the database does not answer its pings. */
  get available(): boolean {
    return this.downSince === null;
  }

  /** Why it is unavailable ("connection refused", "ping timeout", …); empty while available. */
  get unavailableReason(): string {
    return this.downSince === null ? '' : this.reason;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), PING_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.drop();
  }

  /** A request saw the database fail: look now rather than at the next tick. */
  check(): void {
    void this.tick();
  }

  private async tick(): Promise<void> {
    if (this.busy || this.closed) return;
    this.busy = true;
    try {
      await this.ping();
      this.up();
    } catch (error) {
      this.failed(databaseUnavailableReason(error) ?? (error as Error).message);
    } finally {
      this.busy = false;
    }
  }

  private async ping(): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      // The rejection waits one more turn of the event loop (setImmediate runs after the I/O phase): when the
      // process itself was busy past the timeout (a burst of uploads, a long GC), an answer already waiting on the
      // socket is read first, and a busy process is not taken for a database that does not answer.
      timeout = setTimeout(() => setImmediate(() => reject(new Error('Query read timeout'))), this.pingTimeoutMs);
    });
    try {
      if (!this.client) {
        const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: this.pingTimeoutMs, application_name: 'mirrorline-monitor' });
        client.on('error', () => this.drop(client)); // server gone: reconnect on the next tick
        this.client = client;
        await Promise.race([client.connect(), timedOut]);
      }
      await Promise.race([this.client.query('SELECT 1'), timedOut]);
    } catch (error) {
      this.drop();
      throw error;
    } finally {
      clearTimeout(timeout);
    }
  }

  /** Forgets the monitor's connection without waiting on a server that may never answer. */
  private drop(client: Client | null = this.client): void {
    if (!client) return;
    if (client === this.client) this.client = null;
    client.on('error', () => undefined);
    const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
    stream?.destroy();
    client.end().catch(() => undefined);
  }

  private failed(reason: string): void {
    // The pool's gate ends the work in flight once the database has been silent long enough (ConnectionGate.fail).
    this.gate?.fail(reason);
    if (this.downSince !== null) return;
    const definite = reason !== 'query timeout' && reason !== 'connection timeout';
    // A ping that timed out while pooled queries keep completing is a busy host, not a database that does not answer.
    if (!definite && this.gate?.answeredWithin(this.pingTimeoutMs)) return;
    this.failures++;
    if (!definite && this.failures < TIMEOUTS_TO_TRIP) return;
    this.downSince = Date.now();
    this.reason = reason;
    this.logger.warn(`Database unavailable (${reason}): API requests answer 503 SERVICE_UNAVAILABLE until it answers again`);
  }

  private up(): void {
    this.failures = 0;
    this.gate?.recovered();
    if (this.downSince === null) return;
    const seconds = ((Date.now() - this.downSince) / 1000).toFixed(1);
    this.downSince = null;
    this.reason = '';
    this.logger.log(`Database available again after ${seconds} s`);
  }
}
