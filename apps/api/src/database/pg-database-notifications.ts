import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { DatabaseNotifications } from '@mirrorline/shared';

type Handlers = { onNotify: (payload: string) => void; onReset: () => void };

const RECONNECT_MS = 1_000;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * LISTEN on one dedicated connection (outside MikroORM's pool): the channels the caches subscribed to.
 * When the connection drops, every subscriber is reset and `listening` stays false (nothing is cached)
 * until a new connection has issued all its LISTENs; it is retried every second.
 */
@Injectable()
export class PgDatabaseNotifications extends DatabaseNotifications implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('DatabaseNotifications');
  private readonly channels = new Map<string, Handlers[]>();
  private client: Client | undefined;
  private ready = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private syncing: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;
  /** When the latest answered round trip on the current connection was sent (performance.now()). */
  private syncedFrom = -Infinity;
  /** When the round trip under way was sent. */
  private syncingSentAt = -Infinity;

  constructor(private readonly databaseUrl: string) {
    super();
  }

  get listening(): boolean {
    return this.ready;
  }

  subscribe(channel: string, handlers: Handlers): void {
    const list = this.channels.get(channel);
    if (list) list.push(handlers);
    else {
      this.channels.set(channel, [handlers]);
      // Subscribed after the connection was up: listen now, and cache nothing until that LISTEN is in.
      if (this.client && this.ready) {
        this.ready = false;
        void this.client.query(`LISTEN ${quoteIdent(channel)}`).then(
          () => (this.ready = true),
          (error: unknown) => this.lost(error),
        );
      }
    }
  }

  /**
   * One round trip on the LISTEN connection. The server sends a listening session the NOTIFYs of every
   * transaction committed before it reads our query ahead of the query's answer, on the same socket, and
   * node-postgres emits them in that order; so once `SELECT 1` answers, every NOTIFY committed before the
   * call has been handled. Calls made while a round trip is under way share the next one (which starts
   * after theirs began, as it must). With `since`: a round trip sent after that moment, answered already or
   * under way, is enough (so the caches a request reads sync once for the request, not once each).
   */
  sync(since?: number): Promise<boolean> {
    if (!this.ready || !this.client) return Promise.resolve(false);
    // A round trip sent after `since` has answered on this connection: every NOTIFY committed before `since` is in.
    if (since !== undefined && this.syncedFrom >= since) return Promise.resolve(true);
    if (!this.syncing) {
      const client = this.client;
      const sentAt = performance.now();
      this.syncingSentAt = sentAt;
      this.syncing = client.query('SELECT 1').then(
        () => {
          const current = this.ready && this.client === client;
          if (current) this.syncedFrom = Math.max(this.syncedFrom, sentAt);
          return current;
        },
        () => false,
      );
      void this.syncing.finally(() => (this.syncing = undefined));
      return this.syncing;
    }
    // The round trip under way was sent after `since`: it is enough.
    if (since !== undefined && this.syncingSentAt >= since) return this.syncing;
    this.queued ??= this.syncing.then(() => {
      this.queued = undefined;
      return this.sync();
    });
    return this.queued;
  }

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.ready = false;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'mirrorline-listen' });
    client.on('notification', (message) => {
      for (const handlers of this.channels.get(message.channel) ?? []) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(error, client));
    client.on('end', () => this.lost(undefined, client));
    this.client = client;
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      if (this.client === client) this.ready = true;
    } catch (error) {
      this.lost(error, client);
    }
  }

  /** The connection is gone: forget every cached entry and try again in a second. */
  private lost(error: unknown, client = this.client): void {
    if (client !== this.client) return;
    this.ready = false;
    this.client = undefined;
    this.syncedFrom = -Infinity;
    client?.removeAllListeners('end');
    client?.end().catch(() => undefined);
    for (const list of this.channels.values()) for (const handlers of list) handlers.onReset();
    if (this.stopped) return;
    this.logger.warn({ err: error }, 'The LISTEN connection was lost: caches off until it is back');
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
    this.retry.unref();
  }
}
