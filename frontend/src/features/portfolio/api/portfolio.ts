import { copyKeys, walletKeys } from '../../../lib/query-keys';
import { useApi } from '../../../lib/api';
import { MARK_REFRESH_MS } from '../../../lib/live-copies';

export interface FillReceipt {
  traderFill: string;
  copierFill: string;
  quoteTime: string | null;
  delayMs: number;
  slippageBps: string;
}

/** GET /api/copies (product.md §9.3: live figures at the market). */
export interface LiveCopy {
  id: string;
  traderId: number;
  traderName: string;
  status: string;
  invested: string;
  equity: string;
  pnl: string;
  openPositions: number;
  unrealizedPnl: string;
  liveEquity: string;
  stopLossPct: number | null;
}

/** An item of GET /api/trades. */
export interface Position {
  id: string;
  copyId: string;
  tradeId: string;
  traderName: string;
  symbol: string;
  side: string;
  entryPrice: string;
  exitPrice: string | null;
  closeReason: string | null;
  receipt: FillReceipt | null;
  markPrice: string | null;
  unrealizedPnl: string | null;
  size: string;
  status: 'open' | 'closed';
  pnl: string | null;
  openedAt: string;
}


export function useLiveCopies() {
  return useApi(copyKeys.mine(), { refreshInterval: MARK_REFRESH_MS });
}

export function useCash() {
  return useApi(walletKeys.balance(), { refreshInterval: MARK_REFRESH_MS });
}

export function copiesOf(data: LiveCopy[] | { items?: LiveCopy[] } | undefined): LiveCopy[] | undefined {
  if (data === undefined) return undefined;
  return Array.isArray(data) ? data : (data.items ?? []);
}
