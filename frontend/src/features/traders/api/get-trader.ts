import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';
import type { TraderPeriod } from './types';

/**
 * GET /api/traders/:id (public): profile, strategy, stats, ten-day PnL, recent closed trades and the allocation;
 * over the whole record, or over `period` when given.
 */
export function useTrader(id: string | undefined, period?: TraderPeriod) {
  const path = id ? `/traders/${encodeURIComponent(id)}` : null;
  const swr = useSWR<ApiAnswer<'/api/traders/{id}'>>(path && period ? [path, { period }] : path, swrFetcher, { keepPreviousData: Boolean(period) });
  return { ...swr, trader: swr.data };
}
