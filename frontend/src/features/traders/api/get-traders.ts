import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';
import type { TraderSort } from './types';

export interface TradersQuery {
  sort: TraderSort;
  traderType: string;
  /** part of the name (server-side, case-insensitive) */
  search?: string;
  page: number;
  /** Page size: 12 cards on the traders page; up to 100 (the API's maximum) for the admin's trader picker. */
  limit?: number;
}

/** GET /api/traders?sort=&traderType=&page=&limit= (public). */
export function useTraders(query: TradersQuery) {
  const key = ['/traders', { sort: query.sort, traderType: query.traderType || undefined, search: query.search || undefined, page: query.page, limit: query.limit ?? 12 }] as const;
  const swr = useSWR<ApiAnswer<'/api/traders'>>(key, swrFetcher, { keepPreviousData: true });
  return { ...swr, page: swr.data };
}
