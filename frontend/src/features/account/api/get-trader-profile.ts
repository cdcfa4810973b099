import { useApi, type ApiAnswer } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';

export type TraderProfile = Pick<ApiAnswer<'/api/traders/{id}'>, 'name' | 'description' | 'traderType' | 'strategySummary' | 'strategyExplanation' | 'share' | 'minCopyAmount' | 'maxCopiers'>;

/** GET /api/traders/:id (public): the trader's own profile, to edit it. */
export function useTraderProfile(traderId: string | number | null) {
  const swr = useApi(traderId === null || traderId === '' ? null : traderKeys.one(traderId));
  return { ...swr, profile: swr.data as TraderProfile | undefined };
}
