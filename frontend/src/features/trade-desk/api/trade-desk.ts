import { api, idParam, useApi, type ApiBody } from '../../../lib/api';
import { deskKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';

/** An item of GET /api/trader/trades (product.md §9.3: an open trade is marked to the market). */
export interface DeskTrade {
  id: string;
  symbol: string;
  pair: string;
  market: string;
  side: 'buy' | 'sell';
  entryPrice: string;
  exitPrice: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  /** a trailing stop: the stop loss follows the best price by this % */
  trailingStopPct?: number | null;
  closeReason: string | null;
  markPrice: string | null;
  unrealizedPnlPct: string | null;
  allocationPct: number;
  pnlPct: string | null;
  status: string;
  copiedCount: number;
  copiersPnl: string;
  openedAt: string;
  closedAt: string | null;
}

export interface DeskPage {
  items: DeskTrade[];
  total: number;
  page: number;
  limit: number;
}

export const DESK_REFRESH_MS = 5000;

/** An admin acting on a trader's desk names the trader (`?traderId=`); a trader's own desk sends none. */
const traderQuery = (traderId?: string) => (traderId === undefined ? undefined : { traderId: idParam(traderId) });

export function useDeskTrades(status: 'open' | 'closed', page: number, traderId?: string) {
  return useApi(deskKeys.trades(status, page, traderId), {
    refreshInterval: DESK_REFRESH_MS,
    dedupingInterval: 1000,
    keepPreviousData: true,
  });
}

export type OrderType = 'market' | 'limit' | 'stop';

export interface OrderBody {
  symbol: string;
  side: 'buy' | 'sell';
  allocationPct: number;
  /** left out for a market order (the default) */
  type?: Exclude<OrderType, 'market'>;
  price?: string;
  expiresAt?: string;
  stopLoss?: string;
  takeProfit?: string;
  trailingStopPct?: number;
}

/** An entry order of GET /api/trader/orders (product.md §12.5). */
export interface EntryOrder {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'stop';
  price: string;
  allocationPct: number;
  stopLoss: string | null;
  takeProfit: string | null;
  trailingStopPct: number | null;
  status: 'pending' | 'filled' | 'cancelled' | 'expired' | 'rejected';
  reason: string | null;
  tradeId: string | null;
  expiresAt: string | null;
  createdAt: string;
}

/** A market order answers the trade; a limit or stop order answers the pending order. */
export type PlaceOrderAnswer = { trade?: DeskTrade; copied?: number } & Partial<EntryOrder>;

export function placeOrder(body: OrderBody, idempotencyKey: string, traderId?: string) {
  return api('post', '/api/trader/trades', {
    body: body as ApiBody<'/api/trader/trades', 'post'>,
    query: traderQuery(traderId),
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: 60_000,
  });
}

export function closeAtMarket(id: string, idempotencyKey: string, traderId?: string) {
  return api('post', '/api/trader/trades/{id}/close', {
    path: { id },
    query: traderQuery(traderId),
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: 60_000,
  });
}

/** PATCH /api/trader/trades/:id {stopLoss, takeProfit}: null clears a level. */
export function updateLevels(id: string, levels: { stopLoss: string | null; takeProfit: string | null }, traderId?: string) {
  return api('patch', '/api/trader/trades/{id}', { path: { id }, body: levels, query: traderQuery(traderId) });
}

export function useEntryOrders(traderId?: string) {
  return useApi(deskKeys.orders(traderId), {
    refreshInterval: DESK_REFRESH_MS,
    dedupingInterval: 1000,
    keepPreviousData: true,
  });
}

/** DELETE /api/trader/orders/:id: cancels a pending order (204; 409 once it filled, expired or was cancelled). */
export function cancelOrder(id: string, traderId?: string) {
  return api('delete', '/api/trader/orders/{id}', { path: { id }, query: traderQuery(traderId) });
}

const DESK_KEYS = deskKeys.all;

/** Cancels a pending entry order; the hook owns busy state and the refresh of the desk's lists. */
export function useCancelOrder(traderId?: string) {
  return useMutation((id: string) => cancelOrder(id, traderId), { invalidate: DESK_KEYS });
}

/**
 * A market order. The hook owns busy state, the Idempotency-Key (one per attempt: a retry after a lost
 * answer replays the fill instead of trading twice; call `newAttempt()` when the ticket changes) and the
 * refresh of the desk's lists.
 */
export function usePlaceOrder(traderId?: string) {
  return useMutation((body: OrderBody, ctx) => placeOrder(body, ctx.idempotencyKey!, traderId), { idempotent: true, invalidate: DESK_KEYS });
}

/** Closes one open trade at the market (idempotent per attempt, like `usePlaceOrder`). */
export function useCloseTrade(traderId?: string) {
  return useMutation((id: string, ctx) => closeAtMarket(id, ctx.idempotencyKey!, traderId), { idempotent: true, invalidate: DESK_KEYS });
}

/** Saves the stop loss / take profit of an open trade; the hook owns busy state and the refresh. */
export function useUpdateLevels(traderId?: string) {
  return useMutation(({ id, ...levels }: { id: string; stopLoss: string | null; takeProfit: string | null }) => updateLevels(id, levels, traderId), { invalidate: DESK_KEYS });
}
