import { useApi } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';
import type { TraderPeriod } from './types';

/**
 * GET /api/traders/:id (public): profile, strategy, stats, ten-day PnL, recent closed trades and the allocation;
 * over the whole record, or over `period` when given.
 */
export function useTrader(id: string | undefined, period?: TraderPeriod) {
  const swr = useApi(id ? traderKeys.one(id, period) : null, { keepPreviousData: Boolean(period) });
  return { ...swr, trader: swr.data };
}
