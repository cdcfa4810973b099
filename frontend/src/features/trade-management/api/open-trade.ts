import { authRequest } from '../../../lib/fetcher';

export interface OpenTradeBody {
  market: string;
  pair: string;
  side: 'buy' | 'sell';
  entryPrice: string;
  allocationPct: number;
}

/** POST /api/trader/trades[?traderId=]: every active copy gets a position at once. */
export function openTrade(body: OpenTradeBody, idempotencyKey: string, traderId?: string): Promise<unknown> {
  return authRequest('/trader/trades', { method: 'POST', body, params: { traderId }, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 60_000 });
}
