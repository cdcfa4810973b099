import { authRequest } from '../../../lib/fetcher';

/** A market order (product.md §9.3): no price; it fills at the ask (buy) or bid (sell) of the market. */
export interface OpenTradeBody {
  symbol: string;
  side: 'buy' | 'sell';
  allocationPct: number;
  stopLoss?: string;
  takeProfit?: string;
}

export interface OpenTradeAnswer {
  trade?: { entryPrice?: string; symbol?: string };
  copied?: number;
}

/** POST /api/trader/trades[?traderId=]: fills at the market; every active copy gets a position at the same fill. */
export function openTrade(body: OpenTradeBody, idempotencyKey: string, traderId?: string): Promise<OpenTradeAnswer> {
  return authRequest('/trader/trades', { method: 'POST', body, params: { traderId }, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 60_000 }) as Promise<OpenTradeAnswer>;
}
