import { isObj, pick, str } from '../../../lib/normalize';

export interface WalletTransaction {
  id: string;
  type: string;
  amount: string;
  destination: string | null;
  status: string;
  createdAt: string;
  decidedAt: string | null;
  note: string | null;
}

export interface WalletSummary {
  balance: string;
  tradingBalance: string;
  held: string;
  recent: WalletTransaction[];
}

export function toTransaction(raw: unknown): WalletTransaction {
  const o = isObj(raw) ? raw : {};
  return {
    id: str(o.id),
    type: str(o.type),
    amount: str(o.amount, '0'),
    destination: o.destination ? str(o.destination) : null,
    status: str(o.status),
    createdAt: str(o.createdAt),
    decidedAt: o.decidedAt ? str(o.decidedAt) : null,
    note: o.note ? str(o.note) : null,
  };
}

export function toWallet(raw: unknown): WalletSummary {
  const o = isObj(raw) ? raw : {};
  const b = isObj(o.balances) ? o.balances : o;
  const recent = pick(o, 'recent', 'transactions', 'recentTransactions');
  return {
    balance: str(pick(b, 'balance', 'cash'), '0'),
    tradingBalance: str(pick(b, 'tradingBalance', 'copyEquity'), '0'),
    held: str(pick(b, 'held'), '0'),
    recent: Array.isArray(recent) ? recent.map(toTransaction) : [],
  };
}
