import type { TransactionContext } from '@mirrorline/shared';
import type { LiveEvent } from '../../domain/live-event';

/**
 * Publishes a user's live events to their events/stream connections on every API instance.
 * With a transaction, the events go out only if it commits (pg_notify inside the transaction).
 * `userIds` are the users' ids (uuid strings).
 */
export abstract class LiveEvents {
  abstract publish(tx: TransactionContext | null, userIds: readonly string[], event: LiveEvent): Promise<void>;

  /** Several events, each to its own users (an adapter may send them in one round trip). */
  async publishEach(tx: TransactionContext | null, batches: ReadonlyArray<{ userIds: readonly string[]; event: LiveEvent }>): Promise<void> {
    for (const { userIds, event } of batches) await this.publish(tx, userIds, event);
  }
}
