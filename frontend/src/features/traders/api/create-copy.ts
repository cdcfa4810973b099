import { authRequest } from '../../../lib/fetcher';
import { newIdempotencyKey } from '../../../lib/api-client';

export interface CreateCopyBody {
  traderId: number | string;
  amount: string;
  stopLossPct?: number;
}

/** POST /api/copies: follow a trader (moves cash → copy equity). One idempotency key per attempt. */
export function createCopy(body: CreateCopyBody, idempotencyKey = newIdempotencyKey()): Promise<unknown> {
  const traderId = typeof body.traderId === 'string' && /^\d+$/.test(body.traderId) ? Number(body.traderId) : body.traderId;
  const payload: CreateCopyBody = { traderId, amount: body.amount };
  if (body.stopLossPct !== undefined) payload.stopLossPct = body.stopLossPct;
  return authRequest('/copies', { method: 'POST', body: payload, headers: { 'Idempotency-Key': idempotencyKey } });
}
