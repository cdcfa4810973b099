import type { TransactionContext } from '@mirrorline/shared';

/**
 * The profit share each copy agreed to (product.md §10): a copy keeps the share it was opened with, a
 * trader's change applies to new copies only, and a follower may take the new share explicitly.
 */
export abstract class ProfitShareTerms {
  /** Notifies every follower of a live copy whose share differs from the trader's new one; returns how many. */
  abstract notifyChange(tx: TransactionContext, traderId: number, share: number): Promise<number>;
  /** Sets the follower's live copy to its trader's current share; null when it is not theirs or has ended. */
  abstract accept(tx: TransactionContext, followerId: string, copyId: string): Promise<{ share: number; previous: number } | null>;
}
