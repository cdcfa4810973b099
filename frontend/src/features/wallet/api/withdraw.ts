import { api } from '../../../lib/api';
import { walletKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/wallet/withdraw {amount, destination}: holds the funds at once until an admin decides. */
export function withdraw(amount: string, destination: string, idempotencyKey: string, mfaCode?: string): Promise<unknown> {
  const headers: Record<string, string> = { 'Idempotency-Key': idempotencyKey };
  if (mfaCode) headers['X-MFA-Code'] = mfaCode;
  return api('post', '/api/wallet/withdraw', { body: { amount, destination }, headers });
}

export interface WithdrawVars {
  amount: string;
  destination: string;
  /** the authenticator code, when 2FA is on */
  mfaCode?: string;
}

/**
 * A withdrawal request. The hook owns busy state, the Idempotency-Key (one per attempt; call
 * `newAttempt()` when the form changes) and the refresh of the wallet.
 */
export function useWithdraw() {
  return useMutation(({ amount, destination, mfaCode }: WithdrawVars, ctx) => withdraw(amount, destination, ctx.idempotencyKey!, mfaCode), {
    idempotent: true,
    invalidate: [walletKeys.all],
  });
}
