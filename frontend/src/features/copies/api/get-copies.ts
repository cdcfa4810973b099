import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { pageOf } from '../../../lib/normalize';
import { toCopy } from './types';

/** GET /api/copies: my copies with equity, PnL and status. */
export function useCopies() {
  const swr = useSWR('/copies', swrFetcher);
  return { ...swr, copies: swr.data === undefined ? undefined : pageOf<unknown>(swr.data, 'copies').items.map(toCopy) };
}
