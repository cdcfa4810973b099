import { api } from '../../../lib/api';
import { walletKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/wallet/deposit {amount}: a pending deposit request (KYC Verified only). */
export function deposit(amount: string, idempotencyKey: string): Promise<unknown> {
  return api('post', '/api/wallet/deposit', { body: { amount }, headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * A deposit request. The hook owns busy state, the Idempotency-Key (one per attempt; call `newAttempt()`
 * when the amount changes) and the refresh of the wallet.
 */
export function useDeposit() {
  return useMutation((amount: string, ctx) => deposit(amount, ctx.idempotencyKey!), { idempotent: true, invalidate: [walletKeys.all] });
}
