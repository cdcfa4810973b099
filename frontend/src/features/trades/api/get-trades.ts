import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, numOrNull, pageOf, pick, str } from '../../../lib/normalize';

export interface CopiedTrade {
  id: string;
  copyId: string;
  traderName: string;
  market: string;
  pair: string;
  side: string;
  entryPrice: string;
  exitPrice: string | null;
  size: string;
  status: string;
  pnl: string | null;
  pnlPct: number | null;
  traderPnlPct: number | null;
  divergencePct: number | null;
  openedAt: string;
  closedAt: string | null;
}

function toCopiedTrade(raw: unknown): CopiedTrade {
  const o = isObj(raw) ? raw : {};
  return {
    id: str(o.id),
    copyId: str(o.copyId),
    traderName: str(o.traderName),
    market: str(o.market),
    pair: str(o.pair),
    side: str(o.side),
    entryPrice: str(o.entryPrice),
    exitPrice: o.exitPrice ? str(o.exitPrice) : null,
    size: str(pick(o, 'size', 'amount'), '0'),
    status: str(o.status),
    pnl: o.pnl === null || o.pnl === undefined ? null : str(o.pnl),
    pnlPct: numOrNull(o.pnlPct),
    traderPnlPct: numOrNull(o.traderPnlPct),
    divergencePct: numOrNull(o.divergencePct),
    openedAt: str(o.openedAt),
    closedAt: o.closedAt ? str(o.closedAt) : null,
  };
}

/** GET /api/trades?page=&status=: my copied positions, open and closed. */
export function useMyTrades(page: number, status: '' | 'open' | 'closed') {
  const swr = useSWR(['/trades', { page, limit: 20, status: status || undefined }] as const, swrFetcher, { keepPreviousData: true });
  const p = swr.data === undefined ? undefined : pageOf<unknown>(swr.data, 'trades');
  return { ...swr, page: p && { ...p, items: p.items.map(toCopiedTrade) } };
}

/**
 * Mean divergence (copy pnl % − trader pnl %) per copy over my last 100 closed positions: the copies
 * list shows it next to each copy. Percentages, not money: plain numbers are fine here.
 */
export function useDivergenceByCopy() {
  const swr = useSWR(['/trades', { page: 1, limit: 100, status: 'closed' }] as const, swrFetcher);
  if (swr.data === undefined) return { ...swr, divergence: undefined };
  const sums = new Map<string, { total: number; n: number }>();
  for (const t of pageOf<unknown>(swr.data, 'trades').items.map(toCopiedTrade)) {
    if (!t.copyId || t.divergencePct === null) continue;
    const s = sums.get(t.copyId) ?? { total: 0, n: 0 };
    s.total += t.divergencePct;
    s.n += 1;
    sums.set(t.copyId, s);
  }
  const divergence: Record<string, number> = {};
  for (const [copyId, s] of sums) divergence[copyId] = s.total / s.n;
  return { ...swr, divergence };
}
