import { authRequest } from '../../../lib/fetcher';

/** POST /api/wallet/deposit {amount}: a pending deposit request (KYC Verified only). */
export function deposit(amount: string, idempotencyKey: string): Promise<unknown> {
  return authRequest('/wallet/deposit', { method: 'POST', body: { amount }, headers: { 'Idempotency-Key': idempotencyKey } });
}
