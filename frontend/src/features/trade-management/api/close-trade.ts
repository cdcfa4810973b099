import { authRequest } from '../../../lib/fetcher';

export interface CloseTradeAnswer {
  trade?: { exitPrice?: string | null };
  copiersPnl?: string;
}

/** POST /api/trader/trades/:id/close[?traderId=] {}: closes at the market and settles every copied position. */
export function closeTrade(tradeId: string, idempotencyKey: string, traderId?: string): Promise<CloseTradeAnswer> {
  return authRequest(`/trader/trades/${encodeURIComponent(tradeId)}/close`, {
    method: 'POST',
    body: {},
    params: { traderId },
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: 60_000,
  }) as Promise<CloseTradeAnswer>;
}
