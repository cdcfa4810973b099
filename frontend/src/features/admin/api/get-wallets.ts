import { useApi, type Schema } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

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
  platform: Schema<'PlatformTotalsDto'>;
  check: Schema<'LedgerCheckDto'>;
}

function toOverview(o: Schema<'WalletsOverviewResponseDto'>): WalletsOverview {
  return {
    wallets: {
      items: o.wallets.map((w) => ({ userId: w.userId, username: w.username, email: w.email, cash: w.balance, held: w.held, copyEquity: w.tradingBalance })),
      total: o.total,
      page: o.page,
      limit: o.limit,
    },
    platform: o.platform,
    check: o.ledgerCheck,
  };
}

/** GET /api/admin/wallets?page=&search=: per-user balances, platform totals and the ledger check. */
export function useAdminWallets(page: number, search: string) {
  const swr = useApi(adminKeys.wallets(page, search), { keepPreviousData: true });
  return { ...swr, overview: swr.data === undefined ? undefined : toOverview(swr.data) };
}
