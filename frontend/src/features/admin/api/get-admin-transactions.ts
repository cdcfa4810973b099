import { useApi, type Schema } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

/** A deposit or withdrawal of any user, with the user's name and email. */
export type AdminTransaction = Schema<'WalletTransactionResponseDto'>;

/** GET /api/admin/transactions?status=&page=: every user's deposits and withdrawals. */
export function useAdminTransactions(status: string, page: number) {
  const swr = useApi(adminKeys.transactions(status, page), { keepPreviousData: true });
  const d = swr.data;
  return { ...swr, page: d && { items: d.transactions, total: d.total, page: d.page, limit: d.limit } };
}
