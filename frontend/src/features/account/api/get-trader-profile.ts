import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, num, str } from '../../../lib/normalize';

export interface TraderProfile {
  name: string;
  description: string;
  traderType: string;
  strategySummary: string;
  strategyExplanation: string;
  share: number;
}

/** GET /api/traders/:id (public): the trader's own profile, to edit it. */
export function useTraderProfile(traderId: string | number | null) {
  const swr = useSWR(traderId === null || traderId === '' ? null : `/traders/${traderId}`, swrFetcher);
  const o = isObj(swr.data) ? swr.data : undefined;
  const profile: TraderProfile | undefined = o && {
    name: str(o.name),
    description: str(o.description),
    traderType: str(o.traderType),
    strategySummary: str(o.strategySummary),
    strategyExplanation: str(o.strategyExplanation),
    share: num(o.share),
  };
  return { ...swr, profile };
}
