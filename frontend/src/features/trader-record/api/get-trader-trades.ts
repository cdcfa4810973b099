import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

export type TraderTradesPage = ApiAnswer<'/api/traders/{id}/trades'>;
export type PublicTrade = TraderTradesPage['items'][number];
export type TradeStatus = 'open' | 'closed';

/** GET /api/traders/:id/trades?status=&page= (public): the position history, newest first, no money sizes. */
export function useTraderTrades(id: string | undefined, status: TradeStatus, page: number) {
  const swr = useSWR<TraderTradesPage>(id ? `/traders/${encodeURIComponent(id)}/trades?status=${status}&page=${page}&limit=10` : null, swrFetcher, {
    keepPreviousData: true,
  });
  return { ...swr, trades: swr.data };
}
