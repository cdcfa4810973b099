import type { IncomingMessage, ServerResponse } from 'node:http';
import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { PgNotifications, SseConnection, sseFrame } from '@mirrorline/shared/nest';
import { LIVE_EVENTS_CHANNEL, type LiveEventPayload } from '../persistence/pg-live-events';

/**
 * The events/stream connections of this instance, by user. Every instance LISTENs on `live_events`; a
 * notification is written to the local connections of its recipients only, so a user sees their own
 * events whichever instance raised them and whichever holds their connection. Connections end when the
 * client goes and, all of them, before the app shuts down.
 */
@Injectable()
export class EventsHub implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventsHub');
  private readonly byUser = new Map<string, Set<SseConnection>>();
  private count = 0;
  private sequence = 0;

  constructor(private readonly notifications: PgNotifications) {}

  async onModuleInit(): Promise<void> {
    await this.notifications.listen(LIVE_EVENTS_CHANNEL, (payload) => this.deliver(payload));
  }

  /** Open connections on this instance. */
  get size(): number {
    return this.count;
  }

  open(userId: string, req: IncomingMessage, res: ServerResponse): SseConnection {
    const connection = new SseConnection(req, res);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(connection);
    this.count++;
    connection.onClose(() => {
      const current = this.byUser.get(userId);
      if (current?.delete(connection)) {
        this.count--;
        if (!current.size) this.byUser.delete(userId);
      }
    });
    return connection;
  }

  private deliver(payload: string): void {
    let message: LiveEventPayload;
    try {
      message = JSON.parse(payload) as LiveEventPayload;
    } catch {
      this.logger.warn('skipped a malformed live_events notification');
      return;
    }
    if (!Array.isArray(message.u) || typeof message.t !== 'string') return;
    let frame: string | undefined;
    for (const userId of message.u) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      frame ??= sseFrame(message.t, { type: message.t, data: message.d ?? {} }, `${Date.now()}-${++this.sequence}`);
      for (const connection of set) connection.write(frame);
    }
  }

  beforeApplicationShutdown(): void {
    for (const set of [...this.byUser.values()]) for (const connection of [...set]) connection.close();
  }
}
