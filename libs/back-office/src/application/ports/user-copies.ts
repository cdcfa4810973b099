import type { TransactionContext } from '@mirrorline/shared';
import type { TraderExposure } from '@mirrorline/accounts';

export interface CopySummary {
  id: string;
  traderId: number;
  status: string;
  /** copy equity in cents */
  equity: number | bigint;
  createdAt: Date;
}

/** The copy-trading context's copies of a follower, as the users context shows and checks them. */
export abstract class UserCopies {
  abstract listForUser(tx: TransactionContext | null, userId: string): Promise<CopySummary[]>;
  /** Copies that are not stopped yet (they may still hold positions or equity). */
  abstract openCount(tx: TransactionContext, userId: string): Promise<number>;
  /** Number of copied positions the user ever had (the token's copiedTrades). */
  abstract copiedTradesCount(tx: TransactionContext | null, userId: string): Promise<number>;
  /**
   * What hangs on the user's trader profile (other people's copies, open trades), with the profile
   * locked against new follows and new trades until the transaction ends; zero when there is no profile.
   */
  abstract traderExposure(tx: TransactionContext, userId: string): Promise<TraderExposure>;
}
