import { authRequest } from '../../../lib/fetcher';

/** POST /api/wallet/withdraw {amount, destination}: holds the funds at once until an admin decides. */
export function withdraw(amount: string, destination: string, idempotencyKey: string, mfaCode?: string): Promise<unknown> {
  const headers: Record<string, string> = { 'Idempotency-Key': idempotencyKey };
  if (mfaCode) headers['X-MFA-Code'] = mfaCode;
  return authRequest('/wallet/withdraw', { method: 'POST', body: { amount, destination }, headers });
}
