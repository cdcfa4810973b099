import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, pageOf, str } from '../../../lib/normalize';

export interface Follower {
  copyId: string;
  username: string;
  status: string;
  invested: string;
  equity: string;
  pnl: string;
  feesPaid: string;
  since: string;
}

/** GET /api/trader/followers[?traderId=]: the copiers (an Admin names the trader), amounts, since when, PnL. */
export function useFollowers(page: number, traderId?: string) {
  const swr = useSWR(['/trader/followers', { page, limit: 20, traderId }] as const, swrFetcher, { keepPreviousData: true });
  const p = swr.data === undefined ? undefined : pageOf<unknown>(swr.data, 'followers');
  return {
    ...swr,
    page: p && {
      ...p,
      items: p.items.map((raw): Follower => {
        const o = isObj(raw) ? raw : {};
        return {
          copyId: str(o.copyId ?? o.id),
          username: str(o.username),
          status: str(o.status),
          invested: str(o.invested ?? o.amount, '0'),
          equity: str(o.equity, '0'),
          pnl: str(o.pnl, '0'),
          feesPaid: str(o.feesPaid, '0'),
          since: str(o.since ?? o.createdAt),
        };
      }),
    },
  };
}
