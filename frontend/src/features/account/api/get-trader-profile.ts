import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

export type TraderProfile = Pick<ApiAnswer<'/api/traders/{id}'>, 'name' | 'description' | 'traderType' | 'strategySummary' | 'strategyExplanation' | 'share' | 'minCopyAmount' | 'maxCopiers'>;

/** GET /api/traders/:id (public): the trader's own profile, to edit it. */
export function useTraderProfile(traderId: string | number | null) {
  const swr = useSWR<ApiAnswer<'/api/traders/{id}'>>(traderId === null || traderId === '' ? null : `/traders/${traderId}`, swrFetcher);
  return { ...swr, profile: swr.data as TraderProfile | undefined };
}
