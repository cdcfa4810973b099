import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { toTraderDetails } from './types';

/** GET /api/traders/:id (public): profile, strategy, stats, ten-day PnL, recent closed trades. */
export function useTrader(id: string | undefined) {
  const swr = useSWR(id ? `/traders/${encodeURIComponent(id)}` : null, swrFetcher);
  return { ...swr, trader: swr.data === undefined ? undefined : toTraderDetails(swr.data) };
}
