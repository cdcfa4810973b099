import { centsToString, parseAmountInput, toCents } from '../../../lib/money';

/** The copy's equity floor for a stop loss of `pct` % of the amount (it stops at or below it). */
export function stopLossFloor(amount: string, pct: number): string | null {
  const cents = toCents(parseAmountInput(amount));
  if (cents === null || !Number.isInteger(pct)) return null;
  return centsToString((cents * BigInt(pct)) / 100n);
}

/** The profit share on a gain: share % of `gain` (cents, toward zero). */
export function shareOf(gain: string, sharePct: number): string {
  const cents = toCents(gain) ?? 0n;
  return centsToString((cents * BigInt(Math.round(sharePct * 100))) / 10_000n);
}
