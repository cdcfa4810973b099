import { useApi, type Schema } from '../../../lib/api';
import { deskKeys } from '../../../lib/query-keys';

export type Follower = Schema<'FollowerDto'>;

/** GET /api/trader/followers[?traderId=]: the copiers (an Admin names the trader), amounts, since when, PnL. */
export function useFollowers(page: number, traderId?: string) {
  const swr = useApi(deskKeys.followers(page, traderId), { keepPreviousData: true });
  return { ...swr, page: swr.data };
}
