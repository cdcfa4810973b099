/** A day's closing equity of a user: cash + held + copy equity as settled (open positions at their cost). */
export interface EquityDay {
  /** UTC day, YYYY-MM-DD */
  date: string;
  /** cents */
  equity: bigint;
}

/** The overview's equity chart (GET wallet/equity): the user's settled equity at the end of each day, from the ledger. */
export abstract class EquityHistory {
  /** `days` points, oldest first, the last one today (its value: the balances now). */
  abstract daily(userId: string, days: number): Promise<EquityDay[]>;
}
