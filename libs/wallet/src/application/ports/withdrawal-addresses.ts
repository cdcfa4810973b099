import type { TransactionContext } from '@mirrorline/shared';

export interface WithdrawalAddress {
  id: string;
  label: string;
  destination: string;
  createdAt: Date;
  usableAt: Date;
}

/** Port: a user's saved withdrawal destinations (product.md §10). */
export abstract class WithdrawalAddresses {
  abstract list(tx: TransactionContext, userId: string): Promise<WithdrawalAddress[]>;
  abstract count(tx: TransactionContext, userId: string): Promise<number>;
  /** null when the user already saved this destination */
  abstract insert(tx: TransactionContext, a: { userId: string; label: string; destination: string; createdAt: Date; usableAt: Date }): Promise<WithdrawalAddress | null>;
  abstract remove(tx: TransactionContext, userId: string, id: string): Promise<boolean>;
  /** The saved address with exactly this destination whose cooldown has passed at `now`. */
  abstract isUsable(tx: TransactionContext, userId: string, destination: string, now: Date): Promise<boolean>;
}
