import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, num, pageOf, str } from '../../../lib/normalize';

export interface TraderTrade {
  id: string;
  market: string;
  pair: string;
  side: string;
  entryPrice: string;
  exitPrice: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  closeReason: string | null;
  /** open: the price a close would fill at now (null without a fresh quote) */
  markPrice: string | null;
  unrealizedPnlPct: string | null;
  allocationPct: number;
  pnlPct: string | null;
  status: string;
  copiedCount: number;
  skippedCount: number;
  copiersPnl: string;
  openedAt: string;
  closedAt: string | null;
}

export const LIVE_REFRESH_MS = 5000;

function toTraderTrade(raw: unknown): TraderTrade {
  const o = isObj(raw) ? raw : {};
  return {
    id: str(o.id),
    market: str(o.market),
    pair: str(o.pair),
    side: str(o.side),
    entryPrice: str(o.entryPrice),
    exitPrice: o.exitPrice ? str(o.exitPrice) : null,
    stopLoss: o.stopLoss ? str(o.stopLoss) : null,
    takeProfit: o.takeProfit ? str(o.takeProfit) : null,
    closeReason: o.closeReason ? str(o.closeReason) : null,
    markPrice: o.markPrice ? str(o.markPrice) : null,
    unrealizedPnlPct: o.unrealizedPnlPct === null || o.unrealizedPnlPct === undefined ? null : str(o.unrealizedPnlPct),
    allocationPct: num(o.allocationPct),
    pnlPct: o.pnlPct === null || o.pnlPct === undefined ? null : str(o.pnlPct),
    status: str(o.status),
    copiedCount: num(o.copiedCount),
    skippedCount: num(o.skippedCount),
    copiersPnl: str(o.copiersPnl, '0'),
    openedAt: str(o.openedAt),
    closedAt: o.closedAt ? str(o.closedAt) : null,
  };
}

/**
 * GET /api/trader/trades: my trades as a trader, refreshed live. An Admin names the trader with
 * `traderId` (the API requires it of an Admin without a trader profile of its own).
 */
export function useTraderTrades(page: number, traderId?: string) {
  const swr = useSWR(['/trader/trades', { page, limit: 20, traderId }] as const, swrFetcher, {
    refreshInterval: LIVE_REFRESH_MS,
    // the app-wide 60 s dedupe window would swallow the interval's requests
    dedupingInterval: 1000,
    keepPreviousData: true,
  });
  const p = swr.data === undefined ? undefined : pageOf<unknown>(swr.data, 'trades');
  return { ...swr, page: p && { ...p, items: p.items.map(toTraderTrade) } };
}
