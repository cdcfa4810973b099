import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { formatMoney, parseAmountInput, toCents } from '../../../lib/money';
import { matchesPattern, rule } from '../../../lib/input-rules';
import type { AdminUser } from '../api/types';

export const FAILED = 'Sorry an error occured. Refresh!';
export const ADJUSTMENT = rule('BalanceAdjustmentRequestDto', 'amount');
export const REASON = rule('BalanceAdjustmentRequestDto', 'reason');

/**
 * Seed §8, exactly: a failing HTTP answer (any status) to block, delete or a KYC update gets the generic
 * 'Sorry an error occured. Refresh!' (the seed's spelling); a thrown error (network, timeout) gets `thrown`.
 */
export function reportFailure(error: unknown, thrown: string) {
  if (error instanceof ApiError && typeof error.status === 'number') toast.error(FAILED);
  else toast.error(thrown);
}

export interface Confirmation {
  title: string;
  body: string;
  label: string;
  danger?: boolean;
  run: () => Promise<void>;
}

/** "+1,234.5" / "-10" / "−0.25" → signed cents; undefined when it is not an amount the API takes; 0 counts as no amount. */
export function parseDelta(value: string): bigint | undefined {
  const v = value.trim().replace(/^−/, '-');
  const sign = v.startsWith('-') ? -1n : 1n;
  const digits = parseAmountInput(v.replace(/^[+-]/, ''));
  const cents = toCents(digits);
  if (cents === null || cents === 0n || !matchesPattern(ADJUSTMENT, digits)) return undefined;
  return sign * cents;
}

export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((r) => b.includes(r));
}

/** What waits for a second admin for this user (four eyes), in words: "Admin role awaiting approval", "+$25.00 awaiting approval". */
export function pendingLabel(p: AdminUser['pendingApprovals'][number]): string {
  return p.kind === 'admin_grant' ? 'Admin role awaiting approval' : `${formatMoney(p.amount, { signed: true })} awaiting approval`;
}

