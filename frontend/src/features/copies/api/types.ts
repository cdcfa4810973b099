import { isObj, numOrNull, pick, str } from '../../../lib/normalize';

export interface Copy {
  id: string;
  traderId: string;
  traderName: string;
  status: string;
  invested: string;
  equity: string;
  freeEquity: string;
  pnl: string;
  feesPaid: string;
  openPositions: number;
  stopLossPct: number | null;
  divergencePct: number | null;
  createdAt: string;
}

export function toCopy(raw: unknown): Copy {
  const o = isObj(raw) ? raw : {};
  return {
    id: str(o.id),
    traderId: str(pick(o, 'traderId', 'traderID')),
    traderName: str(o.traderName, 'Trader'),
    status: str(o.status),
    invested: str(pick(o, 'invested', 'amount'), '0'),
    equity: str(o.equity, '0'),
    freeEquity: str(o.freeEquity, '0'),
    pnl: str(o.pnl, '0'),
    feesPaid: str(o.feesPaid, '0'),
    openPositions: numOrNull(o.openPositions) ?? 0,
    stopLossPct: numOrNull(o.stopLossPct),
    divergencePct: numOrNull(pick(o, 'divergencePct', 'divergence')),
    createdAt: str(o.createdAt),
  };
}
