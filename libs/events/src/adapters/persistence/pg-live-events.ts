import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TransactionContext } from '@mirrorline/shared';
import { emOf, runSqlBound } from '@mirrorline/shared/nest';
import { LiveEvents } from '../../application/ports/live-events';
import type { LiveEvent } from '../../domain/live-event';
import { liveEventsQueries } from './live-events.queries';

export const LIVE_EVENTS_CHANNEL = 'live_events';
/** NOTIFY payloads must stay under 8,000 bytes. */
const PAYLOAD_BUDGET = 7_600;
/** An event's `data` must be small (ids and short fields): beyond this it is a programming error. */
export const MAX_EVENT_DATA_BYTES = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The wire format of one notification: recipients, type, data (short keys: it is read by every instance). */
export interface LiveEventPayload {
  u: string[];
  t: LiveEvent['type'];
  d: Record<string, unknown>;
}

/**
 * LiveEvents over PostgreSQL NOTIFY: every instance LISTENs (EventsHub) and writes each event to the local
 * connections of its recipients. Inside a transaction the NOTIFY is queued and sent on commit only; the
 * recipients are split over as many notifications as the 8,000-byte limit needs (one statement).
 */
@Injectable()
export class PgLiveEvents extends LiveEvents {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async publish(tx: TransactionContext | null, userIds: readonly string[], event: LiveEvent): Promise<void> {
    return this.send(tx, payloadsOf(userIds, event));
  }

  override async publishEach(tx: TransactionContext | null, batches: ReadonlyArray<{ userIds: readonly string[]; event: LiveEvent }>): Promise<void> {
    return this.send(tx, batches.flatMap(({ userIds, event }) => payloadsOf(userIds, event)));
  }

  private async send(tx: TransactionContext | null, payloads: string[]): Promise<void> {
    if (!payloads.length) return;
    // bound, not formatted into the text: a large trade's recipients are megabytes of payloads (runSqlBound)
    await runSqlBound(tx ? emOf(tx) : this.em, liveEventsQueries.notify(LIVE_EVENTS_CHANNEL, payloads));
  }
}

/** The NOTIFY payloads of one event: its recipients split so that each payload stays under the limit. */
function payloadsOf(userIds: readonly string[], event: LiveEvent): string[] {
  const ids = [...new Set(userIds)].filter((id) => UUID.test(id));
  if (!ids.length) return [];
  const data = JSON.stringify(event.data ?? {});
  if (Buffer.byteLength(data) > MAX_EVENT_DATA_BYTES) {
    throw new Error(`live event ${event.type}: data is ${Buffer.byteLength(data)} bytes (at most ${MAX_EVENT_DATA_BYTES}): send ids, not lists`);
  }
  const perPayload = Math.max(1, Math.floor((PAYLOAD_BUDGET - data.length - event.type.length) / 39));
  const payloads: string[] = [];
  for (let i = 0; i < ids.length; i += perPayload) {
    payloads.push(JSON.stringify({ u: ids.slice(i, i + perPayload), t: event.type, d: event.data ?? {} } satisfies LiveEventPayload));
  }
  return payloads;
}
