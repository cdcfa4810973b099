import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

export type RecordHeads = ApiAnswer<'/api/traders/{id}/record/heads'>;
export type RecordHead = RecordHeads['items'][number];

/** GET /api/traders/:id/record/heads (public): the head hash of the trader's verifiable record at each day's end. */
export function useRecordHeads(id: string | undefined) {
  const swr = useSWR<RecordHeads>(id ? `/traders/${encodeURIComponent(id)}/record/heads` : null, swrFetcher);
  return { ...swr, heads: swr.data?.items };
}
