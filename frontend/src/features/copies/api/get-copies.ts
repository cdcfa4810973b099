import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

/** GET /api/copies: my copies with equity, PnL and status. */
export function useCopies() {
  const swr = useSWR<ApiAnswer<'/api/copies'>>('/copies', swrFetcher);
  return { ...swr, copies: swr.data };
}
