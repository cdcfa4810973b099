import type { IncomingMessage, ServerResponse } from 'node:http';
import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DomainError } from '@mirrorline/shared';
import { PgNotifications, SseConnection, sseFrame } from '@mirrorline/shared/nest';
import { LiveCredentials, type AuthenticatedUser } from '@mirrorline/auth';
import { LIVE_EVENTS_CHANNEL, type LiveEventPayload } from '../persistence/pg-live-events';

/** product.md §11.4: at most this many events/stream connections per user (on each instance); beyond → 429. */
export const EVENT_STREAMS_PER_USER = 5;
/**
 * How often every open stream's credentials are checked again. A stream ends within this (plus one read) of
 * its credentials ending: logout, session revoke, token revoke, password change or reset, block (product.md
 * §11.4 asks for 5 s).
 */
export const CREDENTIAL_CHECK_MS = 2_000;

export const tooManyEventStreams = () =>
  new DomainError('EVENTS.TOO_MANY_STREAMS', `At most ${EVENT_STREAMS_PER_USER} live event streams per user: close one first`, 'too_many_requests', {
    retryAfterSeconds: 5,
  });

/**
 * The events/stream connections of this instance, by user. Every instance LISTENs on `live_events`; a
 * notification is written to the local connections of its recipients only, so a user sees their own
 * events whichever instance raised them and whichever holds their connection. Connections end when the
 * client goes, when the credentials they were opened with end (checked every CREDENTIAL_CHECK_MS), and,
 * all of them, before the app shuts down.
 */
@Injectable()
export class EventsHub implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventsHub');
  private readonly byUser = new Map<string, Set<SseConnection>>();
  /** Who opened each connection, with what credentials (an access token's session and iat, or an API token). */
  private readonly callers = new Map<SseConnection, AuthenticatedUser>();
  private sequence = 0;
  private checker?: NodeJS.Timeout;
  private checking = false;

  constructor(
    private readonly notifications: PgNotifications,
    private readonly credentials: LiveCredentials,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.notifications.listen(LIVE_EVENTS_CHANNEL, (payload) => this.deliver(payload));
    this.checker = setInterval(() => void this.checkCredentials(), CREDENTIAL_CHECK_MS);
    this.checker.unref();
  }

  /** Open connections on this instance. */
  get size(): number {
    return this.callers.size;
  }

  /** Opens the caller's stream; 429 (EVENTS.TOO_MANY_STREAMS) when the caller already holds EVENT_STREAMS_PER_USER here. */
  open(caller: AuthenticatedUser, req: IncomingMessage, res: ServerResponse): SseConnection {
    const userId = caller.userId;
    if ((this.byUser.get(userId)?.size ?? 0) >= EVENT_STREAMS_PER_USER) throw tooManyEventStreams();
    const connection = new SseConnection(req, res);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(connection);
    this.callers.set(connection, caller);
    connection.onClose(() => {
      this.callers.delete(connection);
      const current = this.byUser.get(userId);
      if (current?.delete(connection) && !current.size) this.byUser.delete(userId);
    });
    return connection;
  }

  /**
   * Ends every stream whose credentials no longer hold. One batch for all of them (LiveCredentials: cached
   * reads dropped by NOTIFY, one query for the API tokens); a round that fails (database down) ends nothing
   * and the next one tries again. Rounds never overlap.
   */
  async checkCredentials(): Promise<void> {
    if (this.checking || !this.callers.size) return;
    this.checking = true;
    try {
      const open = [...this.callers];
      const valid = await this.credentials.stillValid(open.map(([, caller]) => caller));
      open.forEach(([connection], i) => {
        if (!valid[i]) connection.close();
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not check the live streams\' credentials; retrying');
    } finally {
      this.checking = false;
    }
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
    clearInterval(this.checker);
    for (const connection of [...this.callers.keys()]) connection.close();
  }
}
