import { useApi, type ApiAnswer } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';

export const PERIODS = ['1M', '3M', '1Y', 'all'] as const;
export type Period = (typeof PERIODS)[number];
export type TraderPerformance = ApiAnswer<'/api/traders/{id}/performance'>;

/** GET /api/traders/:id/performance?period= (public): equity curve, monthly returns, open positions, copier trend. */
export function useTraderPerformance(id: string | undefined, period: Period) {
  const swr = useApi(id ? traderKeys.performance(id, period) : null, {
    keepPreviousData: true,
  });
  return { ...swr, performance: swr.data };
}
