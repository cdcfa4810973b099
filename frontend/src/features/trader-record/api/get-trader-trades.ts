import { useApi, type ApiAnswer } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';

export type TraderTradesPage = ApiAnswer<'/api/traders/{id}/trades'>;
export type PublicTrade = TraderTradesPage['items'][number];
export type TradeStatus = 'open' | 'closed';

/** GET /api/traders/:id/trades?status=&page= (public): the position history, newest first, no money sizes. */
export function useTraderTrades(id: string | undefined, status: TradeStatus, page: number) {
  const swr = useApi(id ? traderKeys.trades(id, status, page) : null, {
    keepPreviousData: true,
  });
  return { ...swr, trades: swr.data };
}
