import type { TransactionContext } from '@mirrorline/shared';

export interface TraderProfilePatch {
  name?: string;
  description?: string;
  traderType?: string;
  strategySummary?: string;
  strategyExplanation?: string;
  image?: string | null;
  share?: number;
  maxCopiers?: number;
  /** cents, ≥ MIN_COPY_AMOUNT (PATCH trader/settings) */
  minCopyAmount?: number;
}

/**
 * Trader profiles. Exported from @mirrorline/copy-trading: the users context calls `ensureProfile`
 * inside its own transaction when an admin gives a user the Trader role.
 */
export abstract class TraderProfiles {
  /** Creates the user's profile (named after the user) unless it exists; returns the traderID. */
  abstract ensureProfile(tx: TransactionContext, userId: string): Promise<number>;
  abstract traderIdOfUser(tx: TransactionContext | null, userId: string): Promise<number | null>;
  /** Whether the profile exists (listed or not: an admin still manages a blocked trader's trades). */
  abstract exists(tx: TransactionContext | null, traderId: number): Promise<boolean>;
  abstract update(tx: TransactionContext, traderId: number, patch: TraderProfilePatch): Promise<void>;
}
