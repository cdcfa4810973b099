import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, num, pageOf, pick, str } from '../../../lib/normalize';

export interface UserWallet {
  userId: string;
  username: string;
  email: string;
  cash: string;
  held: string;
  copyEquity: string;
}

export interface WalletsOverview {
  wallets: { items: UserWallet[]; total: number; page: number; limit: number };
  platform: Record<string, string>;
  check: { balanced: boolean; entriesSum: string; unbalancedTransactions: number; mismatches: unknown[] };
}

function toOverview(raw: unknown): WalletsOverview {
  const o = isObj(raw) ? raw : {};
  // the API sends {wallets: [...], total, page, limit}; the use case's shape nests a Page under `wallets`
  const p = Array.isArray(o.wallets) ? pageOf<unknown>(o, 'wallets') : pageOf<unknown>(o.wallets ?? o, 'wallets', 'users');
  const platform: Record<string, string> = {};
  const pl = pick(o, 'platform', 'totals', 'platformTotals');
  if (isObj(pl)) for (const [k, v] of Object.entries(pl)) platform[k] = str(v, '0');
  const c = isObj(o.check) ? o.check : isObj(o.ledgerCheck) ? o.ledgerCheck : {};
  return {
    wallets: {
      ...p,
      items: p.items.map((w) => ({
        userId: str(pick(w, 'userId', '_id', 'id')),
        username: str(pick(w, 'username')),
        email: str(pick(w, 'email')),
        cash: str(pick(w, 'cash', 'balance'), '0'),
        held: str(pick(w, 'held'), '0'),
        copyEquity: str(pick(w, 'copyEquity', 'tradingBalance'), '0'),
      })),
    },
    platform,
    check: {
      balanced: c.balanced === true,
      entriesSum: str(c.entriesSum, '0'),
      unbalancedTransactions: num(c.unbalancedTransactions),
      mismatches: Array.isArray(c.mismatches) ? c.mismatches : [],
    },
  };
}

/** GET /api/admin/wallets?page=&search=: per-user balances, platform totals and the ledger check. */
export function useAdminWallets(page: number, search: string) {
  const swr = useSWR(['/admin/wallets', { page, limit: 20, search: search || undefined }] as const, swrFetcher, { keepPreviousData: true });
  return { ...swr, overview: swr.data === undefined ? undefined : toOverview(swr.data) };
}
