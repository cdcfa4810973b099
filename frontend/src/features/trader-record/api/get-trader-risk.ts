import { useApi, type ApiAnswer } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';

export type TraderRisk = ApiAnswer<'/api/traders/{id}/risk'>;

/** GET /api/traders/:id/risk (public): the risk score, its two components and its last 90 days. */
export function useTraderRisk(id: string | undefined) {
  const swr = useApi(id ? traderKeys.risk(id) : null);
  return { ...swr, risk: swr.data };
}
