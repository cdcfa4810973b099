import type { TransactionContext } from '@mirrorline/shared';

export interface CopySummary {
  id: string;
  traderId: number;
  status: string;
  /** copy equity in cents */
  equity: number;
  createdAt: Date;
}

/** The copy-trading context's copies of a follower, as the users context shows and checks them. */
export abstract class UserCopies {
  abstract listForUser(tx: TransactionContext | null, userId: string): Promise<CopySummary[]>;
  /** Copies that are not stopped yet (they may still hold positions or equity). */
  abstract openCount(tx: TransactionContext, userId: string): Promise<number>;
  /** Number of copied positions the user ever had (the token's copiedTrades). */
  abstract copiedTradesCount(tx: TransactionContext | null, userId: string): Promise<number>;
}
