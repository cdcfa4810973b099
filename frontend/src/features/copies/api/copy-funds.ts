import { authRequest } from '../../../lib/fetcher';

/** POST /api/copies/:id/funds {amount}: move cash into the copy. */
export function addCopyFunds(copyId: string, amount: string, idempotencyKey: string): Promise<unknown> {
  return authRequest(`/copies/${encodeURIComponent(copyId)}/funds`, { method: 'POST', body: { amount }, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/copies/:id/withdraw {amount}: take free equity back to cash. */
export function withdrawCopyFunds(copyId: string, amount: string, idempotencyKey: string): Promise<unknown> {
  return authRequest(`/copies/${encodeURIComponent(copyId)}/withdraw`, { method: 'POST', body: { amount }, headers: { 'Idempotency-Key': idempotencyKey } });
}
