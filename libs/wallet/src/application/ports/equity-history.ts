import type { ExternalFlow } from '../../domain/time-weighted-return';

/** A day's closing equity of a user: cash + held + copy equity as settled (open positions at their cost). */
export interface EquityDay {
  /** UTC day, YYYY-MM-DD */
  date: string;
  /** cents */
  equity: bigint;
  /** the day's external flows (deposits, adjustments, paid-out withdrawals: EXTERNAL_FLOW_TYPES), in order, each with the equity just before it */
  flows: ExternalFlow[];
}

/** The posting type of a demo copier's deposit (platform deposits → cash; copy trading's demo data posts it). */
export const DEMO_DEPOSIT = 'demo_deposit';

/**
 * The ledger posting types that move money between a user and the outside (not performance): deposits (a
 * matched transfer, the demo copiers' demo deposit), paid-out withdrawals, admin adjustments. A new posting type
 * that brings money in or takes it out must be added here, or the return chart reads it as performance.
 */
export const EXTERNAL_FLOW_TYPES = ['deposit', DEMO_DEPOSIT, 'withdrawal', 'adjustment'] as const;

/** The overview's equity chart (GET wallet/equity): the user's settled equity at the end of each day, from the ledger. */
export abstract class EquityHistory {
  /** `days` points, oldest first, the last one today (its value: the balances now), each with the day's external flow. */
  abstract daily(userId: string, days: number): Promise<EquityDay[]>;
}
