import { walletKeys } from '../../../lib/query-keys';
import { useApi } from '../../../lib/api';

/** GET /api/wallet/transactions?page=: my deposits and withdrawals, newest first. */
export function useWalletTransactions(page: number) {
  const swr = useApi(walletKeys.transactions(page), { keepPreviousData: true });
  const d = swr.data;
  return { ...swr, page: d && { items: d.transactions, total: d.total, page: d.page, limit: d.limit } };
}
