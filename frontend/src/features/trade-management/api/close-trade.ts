import { authRequest } from '../../../lib/fetcher';

/** POST /api/trader/trades/:id/close[?traderId=] {exitPrice}: settles every copied position. */
export function closeTrade(tradeId: string, exitPrice: string, idempotencyKey: string, traderId?: string): Promise<unknown> {
  return authRequest(`/trader/trades/${encodeURIComponent(tradeId)}/close`, {
    method: 'POST',
    body: { exitPrice },
    params: { traderId },
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: 60_000,
  });
}
