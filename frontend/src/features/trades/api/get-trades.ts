import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, numOrNull, pageOf, pick, str } from '../../../lib/normalize';

export interface CopiedTrade {
  id: string;
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
