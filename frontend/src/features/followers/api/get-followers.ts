import useSWR from 'swr';
import type { ApiAnswer, Schema } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

export type Follower = Schema<'FollowerDto'>;

/** GET /api/trader/followers[?traderId=]: the copiers (an Admin names the trader), amounts, since when, PnL. */
export function useFollowers(page: number, traderId?: string) {
  const swr = useSWR<ApiAnswer<'/api/trader/followers'>>(['/trader/followers', { page, limit: 20, traderId }] as const, swrFetcher, { keepPreviousData: true });
  return { ...swr, page: swr.data };
}
