import { useApi, type ApiAnswer } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';

export type RecordHeads = ApiAnswer<'/api/traders/{id}/record/heads'>;
export type RecordHead = RecordHeads['items'][number];

/** GET /api/traders/:id/record/heads (public): the head hash of the trader's verifiable record at each day's end. */
export function useRecordHeads(id: string | undefined) {
  const swr = useApi(id ? traderKeys.heads(id) : null);
  return { ...swr, heads: swr.data?.items };
}
