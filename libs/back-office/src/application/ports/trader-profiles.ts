import type { TransactionContext } from '@mirrorline/shared';

/**
 * The copy-trading context's trader profiles, as the back office needs them: a Trader gets a
 * profile (its id is the public traderID) when the role is granted.
 */
export abstract class TraderProfiles {
  /** Creates the profile when missing; returns its traderID. */
  abstract ensureProfile(tx: TransactionContext, userId: string): Promise<number>;
  abstract traderIdsOf(tx: TransactionContext | null, userIds: string[]): Promise<Map<string, number>>;
}
