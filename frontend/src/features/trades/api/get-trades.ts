import { useApi, type Schema } from '../../../lib/api';
import { tradeKeys } from '../../../lib/query-keys';

/** One of my copied positions (the document's schema). */
export type CopiedTrade = Schema<'CopiedTradeDto'>;

/** GET /api/trades?page=&status=: my copied positions, open and closed. */
export function useMyTrades(page: number, status: '' | 'open' | 'closed') {
  const swr = useApi(tradeKeys.page(page, status), { keepPreviousData: true });
  return { ...swr, page: swr.data };
}

/**
 * Mean divergence (copy pnl % − trader pnl %) per copy over my last 100 closed positions: the copies
 * list shows it next to each copy. Percentages, not money: plain numbers are fine here.
 */
export function useDivergenceByCopy() {
  const swr = useApi(tradeKeys.lastClosed());
  if (swr.data === undefined) return { ...swr, divergence: undefined };
  const sums = new Map<string, { total: number; n: number }>();
  for (const t of swr.data.items) {
    if (t.divergencePct === null) continue;
    const s = sums.get(t.copyId) ?? { total: 0, n: 0 };
    s.total += t.divergencePct;
    s.n += 1;
    sums.set(t.copyId, s);
  }
  const divergence: Record<string, number> = {};
  for (const [copyId, s] of sums) divergence[copyId] = s.total / s.n;
  return { ...swr, divergence };
}
