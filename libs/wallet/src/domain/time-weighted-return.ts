/** Money that came in (+) or went out (−) of a user's accounts from outside, and the equity just before it. */
export interface ExternalFlow {
  /** equity just before the flow, cents */
  before: bigint;
  /** the flow, cents: a deposit or an admin credit in (+), a paid-out withdrawal or an admin debit out (−) */
  amount: bigint;
}

/** A day of a user's equity history: its closing equity and that day's external flows, in order. */
export interface EquityFlowDay {
  /** closing equity, cents */
  equity: bigint;
  flows: ExternalFlow[];
}

/**
 * The time-weighted return of a user's equity (product.md §12.6), cumulative % at the end of each day, so that a
 * deposit or a withdrawal is never read as performance.
 *
 * Every external flow cuts the time into sub-periods; each sub-period's return is its closing equity over its
 * opening equity, and the returns are chained:
 *
 *     TWR = (e[1] / s[0]) × (e[2] / s[1]) × … × (e[n] / s[n−1]) − 1
 *
 * where s[k] is the equity right after the k-th flow (s[0]: the closing equity of the window's first day) and e[k]
 * the equity right before the next flow (e[n]: the closing equity of the day shown). A day without flows is simply
 * E[d] / E[d−1]. The chain starts at the end of the window's first day (its point is 0). A sub-period without
 * capital at its start (s ≤ 0: before the first deposit, after everything was withdrawn) adds no return.
 * Rounded to 2 decimals, as a percentage.
 */
export function timeWeightedReturnPct(days: EquityFlowDay[]): number[] {
  let factor = 1;
  return days.map((day, i) => {
    if (i > 0) {
      let start = days[i - 1].equity;
      for (const flow of day.flows) {
        if (start > 0n) factor *= Number(flow.before) / Number(start);
        start = flow.before + flow.amount;
      }
      if (start > 0n) factor *= Number(day.equity) / Number(start);
    }
    return Math.round((factor - 1) * 10_000) / 100 || 0;
  });
}
