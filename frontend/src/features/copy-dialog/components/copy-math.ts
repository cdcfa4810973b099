import { centsToString, formatMoney, isAmount, MIN_COPY, parseAmountInput, toCents } from '../../../lib/money';

/** The amount's problem, or undefined: a number with ≤ 2 decimals ("1,000" accepted), ≥ 10.00, ≤ the balance. */
export function copyAmountError(value: string, balance: string | null | undefined): string | undefined {
  const v = parseAmountInput(value);
  if (!v) return 'Enter an amount';
  if (/^\d+\.\d{3,}$/.test(v)) return 'Use at most 2 decimals (cents)';
  if (!isAmount(v)) return 'Enter an amount like 100 or 1,250.50';
  const cents = toCents(v)!;
  if (cents < toCents(MIN_COPY)!) return `The minimum is ${formatMoney(MIN_COPY)}`;
  const available = toCents(balance ?? null);
  if (available !== null && cents > available) return `More than your available balance`;
  return undefined;
}

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
