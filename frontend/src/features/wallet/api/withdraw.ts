import { authRequest } from '../../../lib/fetcher';

/** POST /api/wallet/withdraw {amount, destination}: holds the funds at once until an admin decides. */
export function withdraw(amount: string, destination: string, idempotencyKey: string): Promise<unknown> {
  return authRequest('/wallet/withdraw', { method: 'POST', body: { amount, destination }, headers: { 'Idempotency-Key': idempotencyKey } });
}
