import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

/** GET /api/traders/:id (public): profile, strategy, stats, ten-day PnL, recent closed trades. */
export function useTrader(id: string | undefined) {
  const swr = useSWR<ApiAnswer<'/api/traders/{id}'>>(id ? `/traders/${encodeURIComponent(id)}` : null, swrFetcher);
  return { ...swr, trader: swr.data };
}
