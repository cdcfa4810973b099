import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';

/** The application's PostgreSQL URL (the same database MikroORM uses), for the few dedicated connections. */
export const DATABASE_URL = Symbol('DATABASE_URL');

export type NotificationHandler = (payload: string) => void;

/**
 * LISTEN/NOTIFY on ONE dedicated `pg` client per process (never a pooled connection: a pooled one goes
 * back to the pool and loses its LISTEN). It connects on the first `listen`, and when the connection
 * breaks it reconnects with backoff and LISTENs again on every channel. A NOTIFY sent while it is
 * reconnecting is lost (PostgreSQL queues notifications only for connected listeners), so listeners
 * treat a notification as a wake-up carrying the latest state, never as the only copy of a fact.
 */
@Injectable()
export class PgNotifications implements OnApplicationShutdown {
  private readonly logger = new Logger('PgNotifications');
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private client?: Client;
  private connecting?: Promise<void>;
  private closed = false;
  private attempt = 0;
  private retryTimer?: NodeJS.Timeout;
  private readonly reconnectHandlers = new Set<() => void>();

  constructor(@Inject(DATABASE_URL) private readonly url: string) {}

  /** Calls `handler` with the payload of every NOTIFY on `channel` (any instance, this one included). */
  async listen(channel: string, handler: NotificationHandler): Promise<() => void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    await this.ensureConnected();
    if (first && this.client) await this.client.query(`LISTEN ${channel}`);
    return () => set.delete(handler);
  }

  /** Runs after every successful reconnect (notifications may have been missed meanwhile). */
  onReconnect(handler: () => void): void {
    this.reconnectHandlers.add(handler);
  }

  /** The server process id of the listening connection (tests terminate it to prove the reconnect). */
  async backendPid(): Promise<number | undefined> {
    await this.ensureConnected();
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  private ensureConnected(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, application_name: 'mirrorline-listen' });
    client.on('notification', (message) => {
      const set = this.handlers.get(message.channel);
      if (!set) return;
      for (const handler of set) {
        try {
          handler(message.payload ?? '');
        } catch (error) {
          this.logger.error(`handler of ${message.channel} failed: ${(error as Error).message}`);
        }
      }
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(`LISTEN connection lost (${error?.message ?? 'ended'}); reconnecting`);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(`LISTEN connection failed (${(error as Error).message}); retrying`);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    const reconnected = this.attempt > 0;
    this.attempt = 0;
    this.client = client;
    if (reconnected) for (const handler of this.reconnectHandlers) handler();
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.closed) return;
    const delay = Math.min(5000, 100 * 2 ** this.attempt++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.ensureConnected();
    }, delay);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
