import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

export type TraderRisk = ApiAnswer<'/api/traders/{id}/risk'>;

/** GET /api/traders/:id/risk (public): the risk score, its two components and its last 90 days. */
export function useTraderRisk(id: string | undefined) {
  const swr = useSWR<TraderRisk>(id ? `/traders/${encodeURIComponent(id)}/risk` : null, swrFetcher);
  return { ...swr, risk: swr.data };
}
