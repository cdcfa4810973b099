import { useApi, type ApiQuery } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';
import { DEFAULT_PERIOD, type TraderPeriod, type TraderSort } from './types';

/** The filters of GET /api/traders (product.md §12.3); absent: not filtered. */
export interface TraderFilters {
  maxRisk?: number;
  maxDrawdown?: number;
  minDays?: number;
  market?: string;
  hideFull?: boolean;
  /** signed-in callers only: the traders whose minimum copy my cash covers */
  copyReady?: boolean;
}

export interface TradersQuery extends TraderFilters {
  sort: TraderSort;
  /** default 30d (then left out of the request, as the API's default) */
  period?: TraderPeriod;
  traderType: string;
  /** part of the name (server-side, case-insensitive) */
  search?: string;
  page: number;
  /** Page size: 12 cards on the traders page; up to 100 (the API's maximum) for the admin's trader picker. */
  limit?: number;
}

/** GET /api/traders?sort=&period=&filters&traderType=&page=&limit= (public; copyReady sends the caller's token). */
export function useTraders(query: TradersQuery) {
  const key = traderKeys.list({
      sort: query.sort,
      period: query.period && query.period !== DEFAULT_PERIOD ? query.period : undefined,
      traderType: query.traderType || undefined,
      search: query.search || undefined,
      maxRisk: query.maxRisk,
      maxDrawdown: query.maxDrawdown,
      minDays: query.minDays,
      market: query.market || undefined,
      hideFull: query.hideFull ? 'true' : undefined,
      copyReady: query.copyReady ? 'true' : undefined,
      page: query.page,
      limit: query.limit ?? 12,
  } as ApiQuery<'/api/traders'>);
  const swr = useApi(key, { keepPreviousData: true });
  return { ...swr, page: swr.data };
}
